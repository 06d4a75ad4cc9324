import { describe, expect, it } from 'vitest';
import { isStaff } from '../src/session/session';

describe('isStaff', () => {
  it('admits admins and engineers only', () => {
    expect(isStaff({ role: 'admin' })).toBe(true);
    expect(isStaff({ role: 'engineer' })).toBe(true);
    expect(isStaff({ role: 'customer' })).toBe(false);
    expect(isStaff(null)).toBe(false);
  });
});
