import { describe, expect, it } from 'vitest';
import { invoiceKindFor, invoiceNumberOf, vatBreakdown, vatIncludedCents } from '../src';

describe('VAT in integer cents (prices include 15 % VAT)', () => {
  it('takes the VAT out of a VAT-inclusive total, rounded to the cent', () => {
    expect(vatIncludedCents(32_400)).toBe(4226); // R324 = R281.74 + R42.26
    expect(vatIncludedCents(115_00)).toBe(15_00);
    expect(vatIncludedCents(1)).toBe(0);
    expect(vatBreakdown(32_400, true)).toEqual({ exclusiveCents: 28_174, vatCents: 4226 });
    // The two parts always add up to the total, to the cent.
    for (const total of [1, 99, 64_900, 500_000, 500_001, 1_234_567]) {
      const { exclusiveCents, vatCents } = vatBreakdown(total, true);
      expect(exclusiveCents + vatCents).toBe(total);
      expect(Number.isInteger(vatCents)).toBe(true);
    }
  });

  it('charges no VAT when the studio is not a vendor', () => {
    expect(vatBreakdown(32_400, false)).toEqual({ exclusiveCents: 32_400, vatCents: 0 });
  });
});

describe('which document a payment gets', () => {
  it('is a full tax invoice above R5,000, abridged at or below, a receipt without VAT registration', () => {
    expect(invoiceKindFor(true, 500_001)).toBe('full_tax_invoice');
    expect(invoiceKindFor(true, 500_000)).toBe('abridged_tax_invoice');
    expect(invoiceKindFor(true, 32_400)).toBe('abridged_tax_invoice');
    expect(invoiceKindFor(false, 900_000)).toBe('receipt');
  });

  it('numbers invoices and credit notes in their own series', () => {
    expect(invoiceNumberOf('abridged_tax_invoice', 42)).toBe('INV-000042');
    expect(invoiceNumberOf('credit_note', 3)).toBe('CN-000003');
  });
});
