import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RELEASE_PACK_SETTINGS,
  ISRC_INVALID,
  Isrc,
  packFormatNotOffered,
  packInvoiceLines,
  PACK_DUPLICATE_FORMAT,
  priceReleasePack,
  ReleasePackChoice,
  TrackMetadata,
} from '../src/index';

describe('ISRC', () => {
  it.each([
    ['ZA-ABC-26-00001', 'ZA-ABC-26-00001'],
    ['za-abc-26-00001', 'ZA-ABC-26-00001'],
    ['ZAABC2600001', 'ZA-ABC-26-00001'],
    [' US-S1Z-99-00001 ', 'US-S1Z-99-00001'],
  ])('accepts %j as %s', (typed, kept) => {
    expect(Isrc.parse(typed)).toBe(kept);
  });

  it.each([
    'ZA-ABC-26-0001',
    'ZA-ABC-26-000001',
    'Z1-ABC-26-00001',
    'ZA-AB-26-00001',
    'ZA-ABC-2-600001',
    'ZA_ABC_26_00001',
    'ISRC ZA-ABC-26-00001',
  ])('refuses %j with a message that shows the shape', (typed) => {
    const result = Isrc.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(ISRC_INVALID);
    expect(ISRC_INVALID).toContain('ZA-ABC-26-00001');
  });

  it('is optional in the metadata, but title and artist are not', () => {
    expect(TrackMetadata.parse({ title: 'A', artist: 'B', isrc: '' })).toEqual({ title: 'A', artist: 'B', isrc: '' });
    expect(TrackMetadata.safeParse({ title: ' ', artist: 'B' }).success).toBe(false);
    expect(TrackMetadata.safeParse({ title: 'A', artist: 'B', year: '26' }).success).toBe(false);
  });
});

describe('the release pack price', () => {
  it('is the sum of the picked formats per track, free ones at 0', () => {
    expect(priceReleasePack(['wav24', 'mp3', 'wav16'], 3, DEFAULT_RELEASE_PACK_SETTINGS)).toEqual({
      formats: [
        { format: 'wav24', unitCents: 0 },
        { format: 'mp3', unitCents: 5000 },
        { format: 'wav16', unitCents: 5000 },
      ],
      totalCents: 30_000,
    });
  });

  it('refuses a format that is not offered, by name', () => {
    const settings = {
      offers: { ...DEFAULT_RELEASE_PACK_SETTINGS.offers, aac: { offered: false, priceCents: 5000 } },
    };
    expect(() => priceReleasePack(['aac'], 1, settings)).toThrow(packFormatNotOffered('aac'));
  });

  it('refuses a format picked twice', () => {
    const result = ReleasePackChoice.safeParse({ formats: ['mp3', 'mp3'], tracks: [] });
    expect(result.error!.issues[0]!.message).toBe(PACK_DUPLICATE_FORMAT);
  });

  it('invoices each priced format on its own line', () => {
    expect(
      packInvoiceLines(
        {
          formats: [
            { format: 'wav24', unitCents: 0 },
            { format: 'mp3', unitCents: 5000 },
          ],
        },
        2,
      ),
    ).toEqual([{ description: 'Release pack: MP3 320 kbps', quantity: 2, unitCents: 5000, totalCents: 10_000 }]);
  });
});
