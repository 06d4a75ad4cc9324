import { z } from 'zod';
import { FileStatus } from './enums';
import { OrderFile } from './orders';

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
export const UploadUrlBody = z.object({ filename: z.string().trim().min(1).max(255), contentType: z.string().trim().min(1).max(200) });
export type UploadUrlBody = z.infer<typeof UploadUrlBody>;
/** @deprecated The first name of UploadUrlBody, kept for importers. */
export const MasteredUploadUrlBody = UploadUrlBody;
export type MasteredUploadUrlBody = UploadUrlBody;

/** POST /api/admin/audio-files/:id/confirm-upload */
export const ConfirmUploadBody = z.object({ uploadedFilePath: z.string().min(1).max(1000) });
export type ConfirmUploadBody = z.infer<typeof ConfirmUploadBody>;
