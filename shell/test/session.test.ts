import { describe, expect, it } from 'vitest';
import { displayName, isStaff } from '../src/session/session';

describe('isStaff', () => {
  it('admits admins and engineers only', () => {
    expect(isStaff({ id: '1', email: 'a@x.co', firstName: null, lastName: null, role: 'admin' })).toBe(true);
    expect(isStaff({ id: '1', email: 'a@x.co', firstName: null, lastName: null, role: 'engineer' })).toBe(true);
    expect(isStaff({ id: '1', email: 'a@x.co', firstName: null, lastName: null, role: 'customer' })).toBe(false);
    expect(isStaff(null)).toBe(false);
  });
});

describe('displayName', () => {
  it('follows the spec order', () => {
    expect(displayName({ firstName: 'Thandi', lastName: 'Mokoena', email: 't@x.co' })).toBe('Thandi Mokoena');
    expect(displayName({ firstName: 'Thandi', lastName: null, email: 't@x.co' })).toBe('Thandi');
    expect(displayName({ firstName: null, lastName: 'Mokoena', email: 'thandi@x.co' })).toBe('thandi');
    expect(displayName({ firstName: null, lastName: null, email: '' })).toBe('User');
  });
});
