import { describe, expect, it } from 'vitest';
import {
  customerStatus,
  displayName,
  formatBytes,
  formatCents,
  formatMegabytes,
  formatOrderDate,
  formatRand,
  humanizeStatus,
  initials,
  sanitizeFileName,
  shortId,
  shortIdTail,
} from '../src/format';

const nbsp = (s: string) => s.replace(/ /g, '\u00a0');

describe('money', () => {
  it('formats rand in the South African style', () => {
    expect(formatRand(499)).toBe('R499');
    expect(formatRand(1234)).toBe(nbsp('R1 234'));
    expect(formatRand(324.5)).toBe('R324,50');
    expect(formatRand(-20)).toBe('-R20');
    expect(formatCents(32400)).toBe('R324');
  });

  it("writes every amount as Intl's en-ZA formatter does (it is not used: see groupThousands)", () => {
    const intl = [0, 2].map(
      (decimals) =>
        new Intl.NumberFormat('en-ZA', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
    );
    const reference = (cents: number) =>
      `${cents < 0 ? '-' : ''}R${intl[cents % 100 === 0 ? 0 : 1]!.format(Math.abs(cents) / 100)}`;
    // Every cent to R20, each power of ten and its neighbours to R100 million, and 2 000 amounts
    // up to about R21 million (a fixed sequence, so a failure is the same every run), both signs.
    const amounts = Array.from({ length: 2_001 }, (_, cents) => cents);
    for (let p = 1; p <= 1e10; p *= 10) amounts.push(p - 1, p, p + 1, p + 99, 7 * p + 45);
    for (let i = 0, x = 12_345; i < 2_000; i++) amounts.push((x = (x * 48_271) % 2_147_483_647) % 1e10);
    const differing = amounts
      .flatMap((cents) => [cents, -cents])
      .filter((cents) => cents !== 0 && formatRand(cents / 100) !== reference(cents));
    expect(differing).toEqual([]);
    expect(formatRand(0)).toBe('R0');
  });
});

describe('sizes', () => {
  it.each([
    [0, '0 Bytes'],
    [500, '500 Bytes'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [1234567890, '1.15 GB'],
  ])('formatBytes(%i) = %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
  it('megabytes with one decimal', () => expect(formatMegabytes(12.34 * 1024 * 1024)).toBe('12.3 MB'));
});

describe('dates and ids', () => {
  it('formats order dates as MMM dd, yyyy at HH:mm', () => {
    expect(formatOrderDate(new Date(2026, 10, 2, 9, 5))).toBe('Nov 02, 2026 at 09:05');
  });
  it('shortens ids from the front and the back', () => {
    expect(shortId('0123456789abcdef')).toBe('01234567');
    expect(shortIdTail('0123456789abcdef')).toBe('89abcdef');
  });
  it('shows statuses with spaces', () => expect(humanizeStatus('pending_payment')).toBe('pending payment'));
});

describe('people', () => {
  it.each([
    [{ firstName: 'Thandi', lastName: 'Nkosi', email: 't@x.co' }, 'Thandi Nkosi'],
    [{ firstName: 'Thandi', lastName: null, email: 't@x.co' }, 'Thandi'],
    [{ firstName: '', lastName: 'Nkosi', email: 'thandi@x.co' }, 'thandi'],
    [{ email: '' }, 'User'],
  ])('displayName(%o) = %s', (user, name) => expect(displayName(user)).toBe(name));
  it('initials', () => expect(initials('Thandi Nkosi')).toBe('TN'));
  it('customer status: vip only above R2000', () => {
    expect(customerStatus({ totalOrders: 3, totalSpent: 2000 })).toBe('active');
    expect(customerStatus({ totalOrders: 3, totalSpent: 2000.01 })).toBe('vip');
    expect(customerStatus({ totalOrders: 0, totalSpent: 0 })).toBe('inactive');
  });
});

describe('files', () => {
  it('sanitises names: only letters, digits, dot and hyphen survive', () => {
    expect(sanitizeFileName('My Song (final) v2.wav')).toBe('My_Song__final__v2.wav');
    expect(sanitizeFileName('Ntate-Mmino_ünïcode.mp3')).toBe('Ntate-Mmino__n_code.mp3');
  });
});

describe('edge sizes and amounts', () => {
  it('a fraction of a byte is still bytes, huge sizes stay in GB', () => {
    expect(formatBytes(0.5)).toBe('0.5 Bytes');
    expect(formatBytes(-1)).toBe('0 Bytes');
    expect(formatBytes(2 * 1024 ** 4)).toBe('2048 GB');
  });
  it('money has one format: whole rand without cents, otherwise two decimals (never "R649" beside "R649,00")', () => {
    expect(formatRand(649)).toBe('R649');
    expect(formatRand(649.0000001)).toBe('R649');
    expect(formatCents(64900)).toBe('R649');
    expect(formatCents(97450)).toBe('R974,50');
    expect(formatRand(0.1 + 0.2)).toBe('R0,30');
    expect(formatRand(-12.5)).toBe('-R12,50');
  });
});
