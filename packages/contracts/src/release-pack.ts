// The release pack (issue 54 item 2): the deliverables a customer picks at order time, rendered from
// each master by the ops service, and the release metadata embedded in every file. Prices are the
// studio's (Settings → Release pack), per track, in cents; the server prices the pack, never the browser.
import { z } from 'zod';
import { formatCents } from './format';

/** The formats a pack can hold, in the order they are offered and listed. */
export const PACK_FORMATS = ['wav24', 'wav16', 'flac', 'mp3', 'aac'] as const;
export const PackFormat = z.enum(PACK_FORMATS);
export type PackFormat = z.infer<typeof PackFormat>;

/** What each format is: its label, its file's extension and type, and what a decoder reads back. */
export const PACK_FORMAT_INFO: Readonly<
  Record<
    PackFormat,
    {
      label: string;
      extension: string;
      contentType: string;
      /** The sample rate it is rendered at; null keeps the master's. */
      sampleRate: number | null;
      /** The bits per sample of a lossless format; null for lossy ones. */
      bitDepth: number | null;
    }
  >
> = {
  wav24: {
    label: 'WAV 24-bit (source rate)',
    extension: 'wav',
    contentType: 'audio/wav',
    sampleRate: null,
    bitDepth: 24,
  },
  wav16: {
    label: 'WAV 16-bit / 44.1 kHz (dithered)',
    extension: 'wav',
    contentType: 'audio/wav',
    sampleRate: 44_100,
    bitDepth: 16,
  },
  flac: { label: 'FLAC 24-bit', extension: 'flac', contentType: 'audio/flac', sampleRate: null, bitDepth: 24 },
  mp3: { label: 'MP3 320 kbps', extension: 'mp3', contentType: 'audio/mpeg', sampleRate: 44_100, bitDepth: null },
  aac: { label: 'AAC 256 kbps (M4A)', extension: 'm4a', contentType: 'audio/mp4', sampleRate: 44_100, bitDepth: null },
};

// Texts the customer and the studio see.
export const ISRC_INVALID =
  'ISRC must look like ZA-ABC-26-00001: country (2 letters), registrant (3 letters or digits), year (2 digits), number (5 digits)';
export const PACK_TITLE_REQUIRED = 'Enter the track title for the release metadata';
export const PACK_ARTIST_REQUIRED = 'Enter the artist name for the release metadata';
export const PACK_YEAR_INVALID = 'Year must be four digits, e.g. 2026';
export const PACK_TRACKS_MISMATCH = 'Release metadata must be given once for every track of the order';
export const PACK_DUPLICATE_FORMAT = 'Each format can be chosen once';
export const packFormatNotOffered = (format: PackFormat) =>
  `${PACK_FORMAT_INFO[format].label} is not offered at the moment; remove it and try again`;
export const PACK_RENDERING = 'The release pack is still being rendered; deliver once every file is ready';
export const packFailed = (reason: string) =>
  `The release pack could not be rendered (${reason}); retry it before delivering`;
export const PACK_NOT_PART = 'This file is not part of the release pack';

/** One format's offer: whether customers may pick it, and its price per track in cents (0: free). */
export const PackOffer = z.object({
  offered: z.boolean(),
  priceCents: z.number().int().min(0, 'Price cannot be negative').max(100_000_00),
});
export type PackOffer = z.infer<typeof PackOffer>;

/** Settings → Release pack (settings row `releasePack`): every format's offer. */
export const ReleasePackSettings = z.object({
  offers: z.object(Object.fromEntries(PACK_FORMATS.map((f) => [f, PackOffer])) as Record<PackFormat, typeof PackOffer>),
});
export type ReleasePackSettings = z.infer<typeof ReleasePackSettings>;

/** The defaults: the 24-bit WAV free (it is the master), the others R50 a track. */
export const DEFAULT_RELEASE_PACK_SETTINGS: ReleasePackSettings = Object.freeze({
  offers: {
    wav24: { offered: true, priceCents: 0 },
    wav16: { offered: true, priceCents: 5000 },
    flac: { offered: true, priceCents: 5000 },
    mp3: { offered: true, priceCents: 5000 },
    aac: { offered: true, priceCents: 5000 },
  },
});

/** One format as the upload page offers it. */
export const PackOfferView = z.object({ format: PackFormat, label: z.string(), priceCents: z.number().int() });
export type PackOfferView = z.infer<typeof PackOfferView>;

/** The formats customers may pick now, in PACK_FORMATS order. */
export function offeredFormats(settings: ReleasePackSettings): PackOfferView[] {
  return PACK_FORMATS.filter((f) => settings.offers[f].offered).map((format) => ({
    format,
    label: PACK_FORMAT_INFO[format].label,
    priceCents: settings.offers[format].priceCents,
  }));
}

const ISRC_SHAPE = /^([A-Z]{2})-?([A-Z0-9]{3})-?(\d{2})-?(\d{5})$/;
const hyphenated = (v: string) => v.replace(ISRC_SHAPE, '$1-$2-$3-$4');

/**
 * An ISRC as typed (any case, hyphens optional), kept in its hyphenated form CC-XXX-YY-NNNNN; anything
 * else is refused with ISRC_INVALID.
 */
export const Isrc = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => ISRC_SHAPE.test(v), ISRC_INVALID)
  .transform(hyphenated);

/** An ISRC or nothing (blank): one refinement, so a bad code is refused with ISRC_INVALID itself. */
const OptionalIsrc = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || ISRC_SHAPE.test(v), ISRC_INVALID)
  .transform(hyphenated);

/** The ISRC as files carry it (ID3 TSRC, Vorbis ISRC): its 12 characters without hyphens. */
export const compactIsrc = (isrc: string) => isrc.replaceAll('-', '');

const optionalText = z.string().trim().max(200).optional();

/** The release metadata of one track, embedded in every file of its pack. */
export const TrackMetadata = z.object({
  title: z.string().trim().min(1, PACK_TITLE_REQUIRED).max(200),
  artist: z.string().trim().min(1, PACK_ARTIST_REQUIRED).max(200),
  /** Optional (a distributor can assign one); when given, a valid ISRC. */
  isrc: OptionalIsrc.optional(),
  album: optionalText,
  year: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{4}$/.test(v), PACK_YEAR_INVALID)
    .optional(),
  composer: optionalText,
});
export type TrackMetadata = z.infer<typeof TrackMetadata>;

/** The pack an order asks for: the formats, and each track's metadata in the order of the order's files. */
export const ReleasePackChoice = z.object({
  formats: z
    .array(PackFormat)
    .max(PACK_FORMATS.length)
    .refine((f) => new Set(f).size === f.length, PACK_DUPLICATE_FORMAT),
  tracks: z.array(TrackMetadata).max(50),
});
export type ReleasePackChoice = z.infer<typeof ReleasePackChoice>;

/** What an order keeps of its pack: each chosen format with the price per track it was sold at. */
export const OrderReleasePack = z.object({
  formats: z.array(z.object({ format: PackFormat, unitCents: z.number().int().min(0) })),
});
export type OrderReleasePack = z.infer<typeof OrderReleasePack>;

/** A priced pack: the formats with their prices, and the pack's total for `trackCount` tracks. */
export type PricedPack = OrderReleasePack & { totalCents: number };

/**
 * Prices the chosen formats from the settings, per track: the one computation of a pack's price
 * (upload page and server alike; the server's is the one charged). A format not offered throws
 * a RangeError whose message is packFormatNotOffered's.
 */
export function priceReleasePack(
  formats: readonly PackFormat[],
  trackCount: number,
  settings: ReleasePackSettings,
): PricedPack {
  const priced = formats.map((format) => {
    const offer = settings.offers[format];
    if (!offer.offered) throw new RangeError(packFormatNotOffered(format));
    return { format, unitCents: offer.priceCents };
  });
  return { formats: priced, totalCents: priced.reduce((sum, f) => sum + f.unitCents, 0) * trackCount };
}

/** The invoice lines of a pack: one per priced format (free formats are not billed lines). */
export function packInvoiceLines(pack: OrderReleasePack | null | undefined, trackCount: number) {
  return (pack?.formats ?? [])
    .filter((f) => f.unitCents > 0)
    .map((f) => ({
      description: `Release pack: ${PACK_FORMAT_INFO[f.format].label}`,
      quantity: trackCount,
      unitCents: f.unitCents,
      totalCents: f.unitCents * trackCount,
    }));
}

/** The state of one rendered file. */
export const PackFileStatus = z.enum(['rendering', 'ready', 'failed']);
export type PackFileStatus = z.infer<typeof PackFileStatus>;

/** One rendered file of a master's pack, as staff and the customer see it. */
export const PackFileView = z.object({
  id: z.uuid(),
  fileId: z.uuid(),
  masterVersion: z.number().int(),
  format: PackFormat,
  label: z.string(),
  status: PackFileStatus,
  error: z.string().nullable(),
  name: z.string().nullable(),
  size: z.number().nullable(),
  integratedLufs: z.number().nullable(),
  truePeakDbtp: z.number().nullable(),
});
export type PackFileView = z.infer<typeof PackFileView>;

/** GET /api/admin/orders/:id/release-pack: the pack of an order's newest masters and where it stands. */
export const ReleasePackStatus = z.object({
  formats: z.array(PackFormat),
  state: z.enum(['none', 'rendering', 'ready', 'failed']),
  files: z.array(PackFileView),
});
export type ReleasePackStatus = z.infer<typeof ReleasePackStatus>;

/** A priced pack line as the upload page's summary prints it ("MP3 320 kbps: R50.00 x 2"). */
export const packLineText = (format: PackFormat, unitCents: number, trackCount: number) =>
  `${PACK_FORMAT_INFO[format].label}: ${unitCents === 0 ? 'free' : `${formatCents(unitCents)} x ${trackCount}`}`;
