import { describe, expect, it } from 'vitest';
import { fillLegalPlaceholders, type LegalPlaceholders, studioIdentityLines } from '../src/legal-pages';

const studio = {
  registrationNumber: '2024/123456/07',
  vatNumber: '4123456789',
  vatVendor: true,
  physicalAddress: '1 Long Street, Cape Town',
  phone: '021 000 0000',
  email: 'support@example.co.za',
};

describe('studioIdentityLines', () => {
  it('says every part the studio has given, in one wording', () => {
    expect(studioIdentityLines(studio)).toEqual([
      'Registration number 2024/123456/07',
      'VAT number 4123456789',
      '1 Long Street, Cape Town',
      'Phone 021 000 0000',
      'Email support@example.co.za',
    ]);
  });

  it('leaves out what Settings does not give, and the VAT number of a non-vendor', () => {
    const bare = { ...studio, registrationNumber: '', physicalAddress: '', phone: '', vatVendor: false };
    expect(studioIdentityLines(bare)).toEqual(['Email support@example.co.za']);
  });
});

describe('fillLegalPlaceholders', () => {
  const values = {
    legalName: 'Studio (Pty) Ltd',
    studioDetails: 'Email a@b.co',
    freeRevisions: '2',
  } as LegalPlaceholders;

  it('fills known placeholders and leaves unknown ones as typed', () => {
    expect(fillLegalPlaceholders('{{legalName}} ({{studioDetails}}), {{freeRevisions}} {{nope}}', values)).toBe(
      'Studio (Pty) Ltd (Email a@b.co), 2 {{nope}}',
    );
  });
});
