import { z } from 'zod';
import { AUDIO_FORMAT_NAMES, orList } from './audio-formats';
import { Genre } from './enum-schemas';
import { blankKeeps, TextBoolean, TextBooleanInput, updateOf } from './common';
import { AFTER_REQUIRED, ARTIST_REQUIRED, BEFORE_REQUIRED, GENRE_REQUIRED, TITLE_REQUIRED } from './messages';

// Showcase tracks: isActive is the text 'true' / 'false'; forms arrive as multipart text fields,
// so numbers and flags are parsed from strings.

/** A showcase track as served (isActive is the spec's text flag). GET /api/showcase-tracks answers a plain array. */
export const ShowcaseTrack = z.object({
  id: z.uuid(),
  title: z.string(),
  artist: z.string(),
  genre: Genre,
  beforeDescription: z.string(),
  afterDescription: z.string(),
  artworkUrl: z.string().nullable(),
  originalAudioUrl: z.string().nullable(),
  masteredAudioUrl: z.string().nullable(),
  isActive: TextBoolean,
  displayOrder: z.number().int(),
  createdAt: z.string(),
  /** Demo content the embedded default seeded (issue 50 Deliver 7): the back-office marks it. */
  isDemo: z.boolean(),
});
export type ShowcaseTrack = z.infer<typeof ShowcaseTrack>;

/** The back-office's mark on demo content (showcase tracks and testimonials the embedded default seeded). */
export const DEMO_CONTENT_TEXTS = {
  badge: 'Demo',
  hint: 'Demo content seeded by the local default: no real artist made or said this. Replace or delete it before going live.',
} as const;
export const ShowcaseTrackList = z.array(ShowcaseTrack);

/** The largest display order (the column is a 32-bit integer; nobody orders a million items). */
export const MAX_DISPLAY_ORDER = 1_000_000;
/** A display order from a form field: non-numeric becomes 0; never negative, never past MAX_DISPLAY_ORDER. */
export const DisplayOrderInput = z.preprocess(
  (v) => {
    const n = typeof v === 'number' ? v : parseInt(String(v ?? ''), 10);
    return Number.isFinite(n) ? n : 0;
  },
  z
    .number()
    .int()
    .min(0, 'Display order must be 0 or more')
    .max(MAX_DISPLAY_ORDER, `Display order must be ${MAX_DISPLAY_ORDER} or less`),
);

/** POST /api/admin/showcase-tracks (multipart text fields; the files travel beside them). */
export const ShowcaseTrackForm = z.object({
  title: z.string().trim().min(1, TITLE_REQUIRED).max(200),
  artist: z.string().trim().min(1, ARTIST_REQUIRED).max(200),
  // Left out -> Electronic (the form's default); sent blank -> the spec's required message.
  genre: z.string().trim().min(1, GENRE_REQUIRED).pipe(Genre).default('Electronic'),
  beforeDescription: z.string().trim().min(1, BEFORE_REQUIRED).max(2000),
  afterDescription: z.string().trim().min(1, AFTER_REQUIRED).max(2000),
  isActive: TextBooleanInput.default('true'),
  displayOrder: DisplayOrderInput.default(0),
});
export type ShowcaseTrackForm = z.infer<typeof ShowcaseTrackForm>;

/** PUT /api/admin/showcase-tracks/:id: every field optional; empty or left-out fields keep the stored value (spec §5). */
export const ShowcaseTrackUpdate = blankKeeps(updateOf(ShowcaseTrackForm));
export type ShowcaseTrackUpdate = z.infer<typeof ShowcaseTrackUpdate>;

/** What an upload field takes: its label in messages, the kind of file (checked on its bytes) and its size limit. */
export type MediaField = { label: string; kind: 'image' | 'audio'; maxMb: number };

/** Accepted files, as messages name them (the server checks each file's bytes against its kind). */
export const MEDIA_KINDS = {
  image: 'an image (JPEG, PNG, WebP, GIF or AVIF)',
  // The showcase plays its files in the browser and never masters them, so OGG is taken there as well.
  audio: `an audio file (${orList([...AUDIO_FORMAT_NAMES, 'OGG'])})`,
} as const;

/** The showcase form's files (all optional): cover art and the two versions of the track. */
export const SHOWCASE_MEDIA_FIELDS = {
  artwork: { label: 'Artwork', kind: 'image', maxMb: 10 },
  originalAudio: { label: 'Original audio', kind: 'audio', maxMb: 100 },
  masteredAudio: { label: 'Mastered audio', kind: 'audio', maxMb: 100 },
} as const satisfies Record<string, MediaField>;
export type ShowcaseMediaField = keyof typeof SHOWCASE_MEDIA_FIELDS;

/** Artwork is stored as a square of this many pixels: the home page's cover (about 300 px) at 2x. */
export const ARTWORK_SIZE_PX = 600;
