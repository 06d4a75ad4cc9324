import { z } from 'zod';
import { RevisionView } from './customer-orders';
import { AnalysisSummary } from './analysis';
import { FileStatus, MasteringStyle, OrderStatus } from './enum-schemas';
import { OrderFile, ListPageQuery } from './orders';

// File sizes are bytes; the browser formats them (formatBytes, formatMegabytes).

/** An audio file as the back-office lists it: an order file plus its customer's email. Plain array. */
export const AudioFile = OrderFile.extend({ customerEmail: z.string() });
export type AudioFile = z.infer<typeof AudioFile>;
/** GET /api/admin/audio-files and GET /api/audio-files/customer/:userId: plain arrays. */
export const AudioFileList = z.array(AudioFile);

/** PATCH /api/admin/audio-files/:id/processing */
export const UpdateProcessingBody = z.object({
  processingStatus: FileStatus,
  processingNotes: z.string().max(5000).optional(),
  masteredFilePath: z.string().max(1000).optional(),
});
export type UpdateProcessingBody = z.infer<typeof UpdateProcessingBody>;

/** POST /api/admin/audio-files/:id/upload-url (the mastered file's name and type); answers UploadUrlResponse. */
export const UploadUrlBody = z.object({
  filename: z.string().trim().min(1).max(255),
  contentType: z.string().trim().min(1).max(200),
});
export type UploadUrlBody = z.infer<typeof UploadUrlBody>;
/** @deprecated The first name of UploadUrlBody, kept for importers. */
export const MasteredUploadUrlBody = UploadUrlBody;
export type MasteredUploadUrlBody = UploadUrlBody;

/**
 * POST /internal/master-uploads (the storefront, asked by ops for a staff member; issue 52: the
 * storefront alone writes uploads): opens an upload for a master, alive for `ttlHours`.
 */
export const OpenMasterUploadBody = UploadUrlBody.extend({ ttlHours: z.number().positive() });
export type OpenMasterUploadBody = z.infer<typeof OpenMasterUploadBody>;
/** POST /internal/master-uploads/:id/attach: makes the caller's completed upload the master of the order file. */
export const AttachMasterUploadBody = z.object({ fileId: z.uuid() });
export type AttachMasterUploadBody = z.infer<typeof AttachMasterUploadBody>;
/** What attaching answers: where the master's bytes are stored. */
export const AttachedMasterUpload = z.object({ objectKey: z.string() });
export type AttachedMasterUpload = z.infer<typeof AttachedMasterUpload>;

/** POST /api/admin/audio-files/:id/confirm-upload */
export const ConfirmUploadBody = z.object({ uploadedFilePath: z.string().min(1).max(1000) });
export type ConfirmUploadBody = z.infer<typeof ConfirmUploadBody>;

// ---- Fulfilment (back-office): paged lists, counters, signed downloads, master uploads ----

export const AUDIO_FILE_SORTS = ['newest', 'oldest', 'name', 'size_desc'] as const;
export const AudioFileSort = z.enum(AUDIO_FILE_SORTS);
export type AudioFileSort = z.infer<typeof AudioFileSort>;
export const AUDIO_FILE_SORT_LABELS: Record<AudioFileSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name',
  size_desc: 'Largest first',
};

/** GET /api/admin/audio-files: search (file name, customer email, order id), filters, sort, paging. */
export const AdminAudioFilesQuery = ListPageQuery.extend({
  q: z.string().trim().max(200, 'Search is too long').optional(),
  status: FileStatus.or(z.literal('all')).default('all'),
  style: MasteringStyle.or(z.literal('all')).default('all'),
  orderId: z.uuid('Not a valid order id').optional(),
  /** Only files of orders in this status (the screen's "Revision requested" filter). */
  orderStatus: OrderStatus.optional(),
  sort: AudioFileSort.default('newest'),
});
export type AdminAudioFilesQuery = z.infer<typeof AdminAudioFilesQuery>;

/** An audio file in the back-office: plus its order's status (the engineer sees where the order stands). */
export const AdminAudioFile = AudioFile.extend({
  orderStatus: OrderStatus,
  /** Measured loudness of the original (and master); absent where the answer does not carry it. */
  analysis: AnalysisSummary.optional(),
  /** The customer's newest revision request of this file, if any (what the engineer works from). */
  latestRevision: RevisionView.nullable().optional(),
});
export type AdminAudioFile = z.infer<typeof AdminAudioFile>;

/** The six counters of Audio File Management (SQL aggregates over every file). */
export const AudioFileCounts = z.object({
  total: z.number().int(),
  uploaded: z.number().int(),
  processing: z.number().int(),
  completed: z.number().int(),
  error: z.number().int(),
  totalBytes: z.number(),
});
export type AudioFileCounts = z.infer<typeof AudioFileCounts>;

/** GET /api/admin/audio-files with page/pageSize. */
export const AdminAudioFilePage = z.object({
  items: z.array(AdminAudioFile),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: AudioFileCounts,
});
export type AdminAudioFilePage = z.infer<typeof AdminAudioFilePage>;

/** Which stored file of an audio file to download. */
export const DownloadKind = z.enum(['original', 'mastered'], 'Kind must be original or mastered');
export type DownloadKind = z.infer<typeof DownloadKind>;
/** GET /api/admin/audio-files/:id/download-url?kind= */
export const DownloadUrlQuery = z.object({ kind: DownloadKind.default('original') });
export type DownloadUrlQuery = z.infer<typeof DownloadUrlQuery>;
/** Its answer: a short-lived signed link (no cookie needed) and when it stops working. */
export const SignedLink = z.object({ url: z.string(), expiresAt: z.string() });
export type SignedLink = z.infer<typeof SignedLink>;

/** The answer of confirm-upload and of a processing update: the file as it is now. */
export const AudioFileResponse = z.object({ file: AdminAudioFile });
export type AudioFileResponse = z.infer<typeof AudioFileResponse>;

// Server answers about master uploads (the spec leaves them open).
export const NO_MASTERED_FILE = 'This file has no mastered file yet.';
export const MASTER_UPLOAD_UNKNOWN = 'This upload was not found. Please upload the mastered file again.';
/** A master for a track whose audio retention (or an erasure) deleted: refused, so no new audio outlives the deletion. */
export const MASTER_AUDIO_DELETED =
  "This track's audio was deleted (its retention period ended, or the customer's data was erased); a new master cannot be added to it.";
export const MASTER_UPLOAD_INCOMPLETE =
  'The mastered file has not finished uploading. Please wait for the upload to finish.';
export const MASTER_UPLOAD_FOREIGN = 'This upload belongs to another file. Please upload the mastered file again.';
export const MASTERED_PATH_VIA_UPLOAD =
  'A mastered file is attached by uploading it (Upload Mastered), not by naming a path.';
export const LINK_EXPIRED = 'This download link has expired. Please ask for a new one.';
export const LINK_INVALID = 'This download link is not valid.';
