import { describe, expect, it } from 'vitest';
import {
  computePricing,
  CreateOrderBody,
  pricingForChoice,
  RELEASE_ANCHOR_INVALID,
  RELEASE_TRACKS_MISMATCH,
  releaseEntryName,
  releaseGapInvalid,
  ReleaseInput,
  tooManyReferences,
} from '../src/index';

// Issue 55: what a release request may be, its pricing, and its deliverable names.
const tracks = (n: number) => Array.from({ length: n }, (_, file) => ({ file }));
const messages = (value: unknown) => {
  const parsed = ReleaseInput.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};
const base = { kind: 'ep', title: 'Winter', artist: 'Naledi', anchor: 0 };

describe('a release request', () => {
  it('defaults each gap to 2 s, keeps "no gap" as null, and has no references unless sent', () => {
    const release = ReleaseInput.parse({ ...base, tracks: [{ file: 1 }, { file: 0, gapSeconds: null }] });
    expect(release.tracks.map((t) => t.gapSeconds)).toEqual([2, null]);
    expect(release.references).toEqual([]);
  });

  it('refuses gaps past 0-5 s, an anchor outside the tracks, a track twice, and one track only', () => {
    expect(messages({ ...base, tracks: [{ file: 0, gapSeconds: 6 }, { file: 1 }] })).toContain(releaseGapInvalid());
    expect(messages({ ...base, tracks: [{ file: 0, gapSeconds: -1 }, { file: 1 }] })).toContain(releaseGapInvalid());
    expect(messages({ ...base, anchor: 2, tracks: tracks(2) })).toContain(RELEASE_ANCHOR_INVALID);
    expect(messages({ ...base, tracks: [{ file: 0 }, { file: 0 }] })).toContain(RELEASE_TRACKS_MISMATCH);
    expect(messages({ ...base, tracks: tracks(1) })).toHaveLength(1);
  });

  it('takes three references for the release and three for each track, not a fourth', () => {
    const ref = (track?: number) => ({ originalFilePath: '/objects/x', originalName: 'ref.wav', track });
    const ok = { ...base, tracks: tracks(2), references: [ref(), ref(), ref(), ref(0), ref(0), ref(0), ref(1)] };
    expect(messages(ok)).toEqual([]);
    expect(messages({ ...ok, references: [...ok.references, ref(0)] })).toContain(tooManyReferences());
    expect(messages({ ...ok, references: [ref(5)] })).toHaveLength(1);
  });

  it('rides on the order request, which stays valid without it', () => {
    expect(CreateOrderBody.shape.release.safeParse(undefined).success).toBe(true);
    expect(CreateOrderBody.shape.release.safeParse({ ...base, tracks: tracks(2) }).success).toBe(true);
  });
});

describe('release pricing', () => {
  const pricing = { basePriceCents: 39_900, launchDiscountPercent: 20, maxFileSizeMb: 500 };
  it('prices an EP or album per track at the Settings release price, with the launch discount', () => {
    const ep = computePricing(3, pricingForChoice('ep', pricing, { releaseTrackPriceCents: 29_900 }));
    expect(ep).toMatchObject({ unitPriceCents: 29_900, subtotal: 897, discountPercent: 20, total: 718 });
  });
  it('keeps the single price for singles, and for releases while no release price is set', () => {
    expect(pricingForChoice('single', pricing, { releaseTrackPriceCents: 29_900 })).toBe(pricing);
    expect(pricingForChoice('album', pricing, { releaseTrackPriceCents: null })).toBe(pricing);
  });
});

describe('release file names', () => {
  it('numbers them in running order and keeps the title readable', () => {
    expect(releaseEntryName(1, 'Opening.wav', 'wav')).toBe('01 - Opening.wav');
    expect(releaseEntryName(12, 'a/b: c?.flac', 'flac')).toBe('12 - a b c.flac');
    expect(releaseEntryName(3, '???.wav', 'wav')).toBe('03 - Track.wav');
  });
});
