import { z } from 'zod';
import { FileStatus } from './enums';
import { OrderFile } from './orders';

/** An audio file as the back-office lists it: an order file plus its customer's email. Plain array. */
export const AudioFile = OrderFile.extend({ customerEmail: z.string() });
export type AudioFile = z.infer<typeof AudioFile>;
export const AudioFileList = z.array(AudioFile);

/** PATCH /api/admin/audio-files/:id/processing */
export const UpdateProcessingBody = z.object({
  processingStatus: FileStatus,
  processingNotes: z.string().max(5000).optional(),
  masteredFilePath: z.string().max(1000).optional(),
});
export type UpdateProcessingBody = z.infer<typeof UpdateProcessingBody>;

/** POST /api/admin/audio-files/:id/upload-url */
export const MasteredUploadUrlBody = z.object({ filename: z.string().min(1).max(255), contentType: z.string().min(1).max(200) });
export type MasteredUploadUrlBody = z.infer<typeof MasteredUploadUrlBody>;

/** POST /api/admin/audio-files/:id/confirm-upload */
export const ConfirmUploadBody = z.object({ uploadedFilePath: z.string().min(1).max(1000) });
export type ConfirmUploadBody = z.infer<typeof ConfirmUploadBody>;
