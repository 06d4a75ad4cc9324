// Issue 25: the expected-time field shows the stored time in the browser's zone and saves it back unchanged.
import { describe, expect, it } from 'vitest';
import { toLocalInput } from '../src/pages/orders/expected-time';

describe('expected delivery field', () => {
  it('round-trips a stored time through the datetime-local value', () => {
    const stored = '2026-11-26T13:30:00.000Z';
    const shown = toLocalInput(stored);
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(shown).toISOString()).toBe(stored);
  });

  it('is empty when no time is set', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput(undefined)).toBe('');
  });
});
