import {
  computePricing,
  OrderDraft,
  filesTooLarge,
  isAcceptedAudioFile,
  NO_EMAIL,
  NO_FILES,
  NO_VALID_AUDIO,
  oversizedFileNames,
  pricingForApi,
  sanitizeFileName,
  someFilesFailed,
  STILL_UPLOADING,
  type Genre,
  type Loudness,
  type MasteringStyle,
  type Pricing,
  type SiteConfig,
  type Tone,
} from '@mastering/contracts';
import { checkForm } from '@mastering/ui/core';

// The upload form's rules without React: which files are taken, how each item moves through
// uploading -> completed | error, when Proceed may go on, and the order body it sends.

/** An upload item's state (spec §4). */
export type UploadStatus = 'uploading' | 'completed' | 'error';

/** A chosen file (spec §3 "Upload item"), with how far its upload has got (0 to 1). */
export interface UploadItem {
  id: string;
  name: string;
  size: number;
  type: string;
  status: UploadStatus;
  progress: number;
  file: File;
  /** The storage path, once the upload completed: "/objects/<id>". */
  objectPath?: string;
}

/** What happens to the list of upload items. */
export type UploadItemsAction =
  | { type: 'added'; items: UploadItem[] }
  | { type: 'progress'; id: string; sent: number; total: number }
  | { type: 'completed'; id: string; objectPath: string }
  | { type: 'failed'; id: string }
  | { type: 'removed'; id: string };

/** Next list of upload items; events for a removed item change nothing. */
export function uploadItemsReducer(items: readonly UploadItem[], action: UploadItemsAction): UploadItem[] {
  const update = (id: string, change: (item: UploadItem) => UploadItem) =>
    items.map((item) => (item.id === id ? change(item) : item));
  switch (action.type) {
    case 'added':
      return [...items, ...action.items];
    case 'progress':
      return update(action.id, (item) =>
        item.status === 'uploading'
          ? { ...item, progress: action.total > 0 ? Math.min(1, action.sent / action.total) : 0 }
          : item,
      );
    case 'completed':
      return update(action.id, (item) => ({
        ...item,
        status: 'completed',
        progress: 1,
        objectPath: action.objectPath,
      }));
    case 'failed':
      return update(action.id, (item) => ({ ...item, status: 'error' }));
    case 'removed':
      return items.filter((item) => item.id !== action.id);
  }
}

/** A new upload item for a chosen file (status uploading, nothing sent yet). */
export function newUploadItem(file: File, id: string = crypto.randomUUID()): UploadItem {
  return { id, name: file.name, size: file.size, type: file.type, status: 'uploading', progress: 0, file };
}

/**
 * The files a batch adds (spec §5): the audio ones; none -> the no-valid-audio message; any over the
 * limit -> the too-large message naming them, and the whole batch is refused.
 */
export function checkChosenFiles<F extends { name: string; type?: string; size: number }>(
  files: readonly F[],
  maxFileSizeMb?: number,
): { ok: true; files: F[] } | { ok: false; message: string } {
  const audio = files.filter((file) => isAcceptedAudioFile(file));
  if (audio.length === 0) return { ok: false, message: NO_VALID_AUDIO };
  const oversized = oversizedFileNames(audio, maxFileSizeMb);
  if (oversized.length > 0) return { ok: false, message: filesTooLarge(oversized, maxFileSizeMb) };
  return { ok: true, files: audio };
}

/** The mastering options, applied to every file of the order. */
export interface MasteringOptions {
  masteringStyle: MasteringStyle;
  tone: Tone;
  loudness: Loudness;
  volumeMatch: boolean;
  genre?: Genre;
}

/** Custom, BALANCED, LOW, volume match off, no genre (spec §2). */
export const DEFAULT_OPTIONS: MasteringOptions = {
  masteringStyle: 'Custom',
  tone: 'BALANCED',
  loudness: 'LOW',
  volumeMatch: false,
};

/**
 * The order summary for `trackCount` tracks at the prices of /api/config, with the contracts'
 * pricing function (the server prices the order again and refuses a different total).
 */
export function orderSummary(
  trackCount: number,
  config: Pick<SiteConfig, 'basePriceCents' | 'launchDiscountPercent'>,
): (Pricing & { perTrackSaving: number }) | null {
  return trackCount > 0 ? pricingForApi(computePricing(trackCount, config)) : null;
}

/** The POST /api/orders body for the items, email and options (the options apply to every file). */
export function orderBody(
  items: readonly UploadItem[],
  customerEmail: string,
  options: MasteringOptions,
  pricing: Pricing | null,
) {
  return {
    customerEmail,
    files: items.map((item) => ({
      originalName: item.name,
      fileName: sanitizeFileName(item.name),
      fileSize: item.size,
      mimeType: item.type || 'audio/mpeg',
      originalFilePath: item.objectPath ?? '',
      masteringStyle: options.masteringStyle,
      tone: options.tone,
      loudness: options.loudness,
      volumeMatch: options.volumeMatch ? 'true' : 'false',
      ...(options.genre ? { genre: options.genre } : {}),
    })),
    pricing,
  };
}

/**
 * What Proceed to Payment checks, in the spec's order (§5): files, email, uploads still running,
 * failed uploads, then the contract's own check (a missing storage path, a malformed email).
 */
export function checkProceed(
  items: readonly UploadItem[],
  customerEmail: string,
  options: MasteringOptions,
  pricing: Pricing | null,
): { ok: true; body: OrderDraft } | { ok: false; message: string } {
  if (items.length === 0) return { ok: false, message: NO_FILES };
  if (!customerEmail.trim()) return { ok: false, message: NO_EMAIL };
  if (items.some((item) => item.status === 'uploading')) return { ok: false, message: STILL_UPLOADING };
  const failed = items.filter((item) => item.status === 'error');
  if (failed.length > 0) return { ok: false, message: someFilesFailed(failed.map((item) => item.name)) };
  const check = checkForm(OrderDraft, orderBody(items, customerEmail, options, pricing));
  return check.ok ? { ok: true, body: check.data } : { ok: false, message: check.message };
}
