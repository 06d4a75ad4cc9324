import { describe, expect, it } from 'vitest';
import { formatRandAmount, formatShortDate, shortOrderId, statusLabel } from '../src/lib/format';

// en-ZA groups thousands with a (narrow) no-break space and uses a decimal comma.
const normalise = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('dashboard formatting', () => {
  it('formats rand with the R prefix in South African style', () => {
    expect(normalise(formatRandAmount(41234.5, 0))).toBe('R41 235');
    expect(normalise(formatRandAmount(648.7))).toBe('R648,70');
    expect(normalise(formatRandAmount('324.35'))).toBe('R324,35');
    expect(formatRandAmount('n/a')).toBe('n/a');
  });

  it('shortens ids, words statuses and dates', () => {
    expect(shortOrderId('6f1c2a9e-1111-4c3b')).toBe('6f1c2a9e');
    expect(statusLabel('pending_payment')).toBe('pending payment');
    expect(formatShortDate('2025-11-20T10:12:00Z')).toBe('20 Nov 2025');
    expect(formatShortDate('garbage')).toBe('garbage');
  });
});
