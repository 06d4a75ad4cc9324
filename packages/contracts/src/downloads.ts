import { z } from 'zod';
import { PackFormat } from './release-pack';

// The customer's download page (/download/:token): no login, the token in the mail is the permission.

/** How many days a delivery link works, by default (setting `delivery`, key `downloadDays`). */
export const DEFAULT_DOWNLOAD_DAYS = 7;
/** Hours a revision round is promised in by default (setting `delivery`, key `revisionHours`). */
export const DEFAULT_REVISION_HOURS = 48;
/** The delivery setting kept under the `delivery` key (the Setting pattern: defaults fill gaps). */
export const DeliverySettings = z.object({
  downloadDays: z.number().int().min(1).max(90).default(DEFAULT_DOWNLOAD_DAYS),
  /** Revision rounds a customer may ask for per track without paying (the site promises free revisions). */
  freeRevisions: z.number().int().min(0).max(10).default(2),
  /** Days after delivery in which those revisions may be asked for. */
  revisionWindowDays: z.number().int().min(1).max(365).default(14),
  /** Hours a revision round is promised in, from the customer's request (the order page shows the due time). */
  revisionHours: z.number().int().min(1).max(720).default(DEFAULT_REVISION_HOURS),
});
export type DeliverySettings = z.infer<typeof DeliverySettings>;
/** The Settings screen's Revisions block: the delivery section's revision fields. */
export const RevisionSettings = DeliverySettings.pick({
  freeRevisions: true,
  revisionWindowDays: true,
  revisionHours: true,
}).required();
export type RevisionSettings = z.infer<typeof RevisionSettings>;

/** GET /api/downloads/order/:token: what the page lists. */
/** One release pack file of a delivery: which track, which format, its name, size and link. */
export const DeliveryPackFile = z.object({
  id: z.uuid(),
  fileId: z.uuid(),
  format: PackFormat,
  label: z.string(),
  name: z.string(),
  size: z.number(),
  url: z.string(),
});
export type DeliveryPackFile = z.infer<typeof DeliveryPackFile>;

export const Delivery = z.object({
  orderId: z.uuid(),
  expiresAt: z.string(),
  files: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      size: z.number(),
      url: z.string(),
      /** The master's measured loudness in plain words (see loudnessInPlainWords); null until measured. */
      loudness: z.string().nullable(),
      /** True once the retention job (or an erasure) deleted the audio: the page says so, no link. */
      audioDeleted: z.boolean(),
    }),
  ),
  /** Days after delivery the audio is kept (Settings -> Security retention). */
  retentionDays: z.number().int().positive(),
  /** All masters in one zip (also given for one file, then it is that file). */
  archiveUrl: z.string(),
  /** The release pack's rendered files (issue 54), each alone; the zip holds them too. Absent or empty: no pack. */
  packFiles: z.array(DeliveryPackFile).optional(),
});
export type Delivery = z.infer<typeof Delivery>;

export const TokenParam = z.object({ token: z.string().min(10, 'This download link is not valid.').max(1000) });
export type TokenParam = z.infer<typeof TokenParam>;
export const TokenFileParam = TokenParam.extend({ fileId: z.uuid('Not a valid id') });
export type TokenFileParam = z.infer<typeof TokenFileParam>;
export const TokenPackFileParam = TokenParam.extend({ packFileId: z.uuid('Not a valid id') });
export type TokenPackFileParam = z.infer<typeof TokenPackFileParam>;

/** The download page's texts. */
export const DOWNLOAD_TEXTS = {
  title: 'Your mastered tracks',
  intro: 'Your masters are ready. Download each track, or all of them in one zip file.',
  downloadAll: 'Download all (zip)',
  download: 'Download',
  expires: (date: string) => `This link works until ${date}.`,
  expiredTitle: 'This download link has expired',
  expired:
    'Download links work for a limited time. Reply to your delivery email or contact us and we will send you a new link.',
  invalidTitle: 'This download link is not valid',
  invalid: 'Please use the link from your delivery email exactly as it was sent.',
  loading: 'Loading your tracks...',
} as const;

/** The API's answers when a delivery link no longer works (410) or never did (404). */
export const DELIVERY_EXPIRED = 'This download link has expired.';
export const DELIVERY_INVALID = 'This download link is not valid.';
