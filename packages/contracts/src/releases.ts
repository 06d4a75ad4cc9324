import { z } from 'zod';
import type { PricingSettings } from './pricing';

// An EP or an album ordered as one release (issue 55): the tracks of an order in a running order, the
// gap before each (or none, for a continuous mix), one anchor track the others are matched to, notes to
// the engineer, and up to three reference tracks for the release and for each track. A single is an
// order without a release: nothing here applies to it.

/** What the customer orders at upload: one track (a single, as before) or a release. */
export const RELEASE_CHOICES = ['single', 'ep', 'album'] as const;
export const ReleaseChoice = z.enum(RELEASE_CHOICES);
export type ReleaseChoice = z.infer<typeof ReleaseChoice>;

/** The kinds stored as a release. */
export const RELEASE_KINDS = ['ep', 'album'] as const;
export const ReleaseKind = z.enum(RELEASE_KINDS);
export type ReleaseKind = z.infer<typeof ReleaseKind>;

export const RELEASE_CHOICE_LABELS: Record<ReleaseChoice, string> = { single: 'Single', ep: 'EP', album: 'Album' };

/** The gap before a track, in seconds: 0 to 5, 2 unless the customer changes it. */
export const MAX_GAP_SECONDS = 5;
export const DEFAULT_GAP_SECONDS = 2;
/** Reference tracks the customer may send for the whole release, and again for each track. */
export const MAX_REFERENCES = 3;
/** What a reference is for: the engineer takes these from it. */
export const REFERENCE_ASPECTS = ['loudness', 'tone', 'width'] as const;
export const ReferenceAspect = z.enum(REFERENCE_ASPECTS);
export type ReferenceAspect = z.infer<typeof ReferenceAspect>;

// Texts the customer sees when a release is refused (the server checks again what the form checked).
export const RELEASE_TITLE_REQUIRED = 'Please give the release a title.';
export const RELEASE_ARTIST_REQUIRED = 'Please give the artist’s name.';
export const RELEASE_NEEDS_TWO_TRACKS = 'An EP or an album needs at least two tracks.';
export const RELEASE_TRACKS_MISMATCH =
  'The running order must list every uploaded track exactly once. Please check the track list and try again.';
export const RELEASE_ANCHOR_INVALID = 'Please mark one track of the running order as the anchor.';
export const releaseGapInvalid = (max: number = MAX_GAP_SECONDS) =>
  `The gap before a track must be between 0 and ${max} seconds, or “no gap”.`;
export const tooManyReferences = (max: number = MAX_REFERENCES) =>
  `At most ${max} reference tracks for the release, and ${max} for each track.`;
export const REFERENCE_TRACK_INVALID = 'A reference track is attached to a track that is not in the release.';
export const REFERENCE_SAME_AS_TRACK = 'A reference track cannot also be one of the tracks to master.';

/** Settings → Releases: album pricing per track and the coherence tolerance the engineer's table flags. */
export const ReleaseSettings = z.object({
  /** The price of one track of an EP or album, in cents; null: the single-track price. */
  releaseTrackPriceCents: z.number().int().positive().nullable().default(null),
  /** A track whose integrated loudness strays from the anchor's by more than this (LU) is flagged. */
  coherenceToleranceLu: z.number().positive().max(6).default(1),
});
export type ReleaseSettings = z.infer<typeof ReleaseSettings>;
export const DEFAULT_RELEASE_SETTINGS: ReleaseSettings = Object.freeze(ReleaseSettings.parse({}));

/**
 * The pricing settings an order is priced with: a release's tracks at the release price from Settings
 * (when set), with the launch discount applying as it does to singles.
 */
export function pricingForChoice<P extends Pick<PricingSettings, 'basePriceCents'>>(
  choice: ReleaseChoice,
  pricing: P,
  release: Pick<ReleaseSettings, 'releaseTrackPriceCents'>,
): P {
  if (choice === 'single' || release.releaseTrackPriceCents == null) return pricing;
  return { ...pricing, basePriceCents: release.releaseTrackPriceCents };
}

/** One track of a release request, in running order: which of the order's `files` it is. */
export const ReleaseTrackInput = z.object({
  /** Index into the order's `files`. */
  file: z.number().int().min(0),
  /** Seconds of silence before the track; null: "no gap", it follows the previous track's last sample. */
  gapSeconds: z
    .number()
    .min(0, releaseGapInvalid())
    .max(MAX_GAP_SECONDS, releaseGapInvalid())
    .nullable()
    .default(DEFAULT_GAP_SECONDS),
  notes: z.string().trim().max(2000).optional(),
});
export type ReleaseTrackInput = z.infer<typeof ReleaseTrackInput>;

/** A reference track: an upload of this browser (role "reference"), for the release or one track. */
export const ReferenceInput = z.object({
  originalFilePath: z.string().min(1),
  originalName: z.string().min(1).max(255),
  /** Index into the release's `tracks` (running order); absent: for the whole release. */
  track: z.number().int().min(0).optional(),
  takes: z.array(ReferenceAspect).max(REFERENCE_ASPECTS.length).default([]),
  note: z.string().trim().max(280).optional(),
});
export type ReferenceInput = z.infer<typeof ReferenceInput>;

/** The `release` of POST /api/orders: an EP or album over the order's files. */
export const ReleaseInput = z
  .object({
    kind: ReleaseKind,
    title: z.string().trim().min(1, RELEASE_TITLE_REQUIRED).max(200),
    artist: z.string().trim().min(1, RELEASE_ARTIST_REQUIRED).max(200),
    notes: z.string().trim().max(4000).optional(),
    tracks: z.array(ReleaseTrackInput).min(2, RELEASE_NEEDS_TWO_TRACKS).max(50),
    /** Index into `tracks` of the anchor track. */
    anchor: z.number().int().min(0),
    references: z
      .array(ReferenceInput)
      .max(MAX_REFERENCES * 51)
      .default([]),
  })
  .superRefine((release, ctx) => {
    if (release.anchor >= release.tracks.length)
      ctx.addIssue({ code: 'custom', path: ['anchor'], message: RELEASE_ANCHOR_INVALID });
    const files = release.tracks.map((t) => t.file);
    if (new Set(files).size !== files.length)
      ctx.addIssue({ code: 'custom', path: ['tracks'], message: RELEASE_TRACKS_MISMATCH });
    const perTarget = new Map<number | 'release', number>();
    for (const [i, ref] of release.references.entries()) {
      if (ref.track !== undefined && ref.track >= release.tracks.length)
        ctx.addIssue({ code: 'custom', path: ['references', i, 'track'], message: REFERENCE_TRACK_INVALID });
      const target = ref.track ?? 'release';
      perTarget.set(target, (perTarget.get(target) ?? 0) + 1);
    }
    if ([...perTarget.values()].some((n) => n > MAX_REFERENCES))
      ctx.addIssue({ code: 'custom', path: ['references'], message: tooManyReferences() });
  });
export type ReleaseInput = z.infer<typeof ReleaseInput>;

/** A reference track as the engineer's and the customer's views show it. */
export const ReleaseReference = z.object({
  id: z.uuid(),
  /** The order file it is for, or null for the whole release. */
  fileId: z.uuid().nullable(),
  originalName: z.string(),
  takes: z.array(ReferenceAspect),
  note: z.string().nullable(),
  /** `/objects/<upload id>` of its bytes; null once retention deleted them. */
  filePath: z.string().nullable(),
  /** Plays it (a short-lived signed link), while its bytes are kept; the stored answer has none. */
  url: z.string().nullable().optional(),
});
export type ReleaseReference = z.infer<typeof ReleaseReference>;

/** One track of a stored release, in running order (1-based `number`). */
export const ReleaseTrack = z.object({
  number: z.number().int().positive(),
  fileId: z.uuid(),
  originalName: z.string(),
  gapSeconds: z.number().nullable(),
  anchor: z.boolean(),
  notes: z.string().nullable(),
});
export type ReleaseTrack = z.infer<typeof ReleaseTrack>;

/** A stored release (the order dialog, Audio Files and the order page). */
export const Release = z.object({
  orderId: z.uuid(),
  kind: ReleaseKind,
  title: z.string(),
  artist: z.string(),
  notes: z.string().nullable(),
  tracks: z.array(ReleaseTrack),
  references: z.array(ReleaseReference),
});
export type Release = z.infer<typeof Release>;

/** GET .../release answers: the order's release, or null for an order of singles. */
export const ReleaseAnswer = z.object({ release: Release.nullable() });
export type ReleaseAnswer = z.infer<typeof ReleaseAnswer>;

/** PUT /api/admin/orders/:id/release/order: a new running order, as the order files' ids. */
export const ReorderReleaseBody = z.object({ fileIds: z.array(z.uuid()).min(2).max(50) });
export type ReorderReleaseBody = z.infer<typeof ReorderReleaseBody>;

/** A track's title as the release names it: the customer's file name without its extension. */
export const trackTitleOf = (originalName: string): string => originalName.replace(/\.[a-z0-9]{2,4}$/i, '').trim();

/** `text` as a file name: characters no file system accepts become a space; empty text becomes `fallback`. */
export function fileStemOf(text: string, fallback: string): string {
  const safe = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return safe || fallback;
}

/** The deliverable's file name of a track: `01 - Title.wav` (two digits at least, in running order). */
export const releaseEntryName = (number: number, title: string, extension: string): string =>
  `${String(number).padStart(2, '0')} - ${fileStemOf(trackTitleOf(title), 'Track')}.${extension}`;
