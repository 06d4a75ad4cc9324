import type { FileAnalysis, OrderFile } from '@mastering/db';

// Whether a track's upload was flagged by the audio analysis: read by the order page and checked again
// when the customer replaces the upload, so the page offers Replace file exactly when the server takes it.

/**
 * The newest analysis of the track's current original. One made before the customer replaced the upload
 * measured the old file, so there is none yet (the new file's analysis is queued).
 */
export function currentOriginal(file: OrderFile, analyses: readonly FileAnalysis[]): FileAnalysis | undefined {
  const latest = analyses.findLast((a) => a.fileId === file.id && a.role === 'original');
  if (!latest || (file.replacedAt && new Date(latest.analysedAt) < new Date(file.replacedAt))) return undefined;
  return latest;
}

/** Why the analysis says the track's upload cannot be mastered, else null. */
export const flaggedReason = (original: FileAnalysis | undefined): string | null =>
  original?.status === 'error' ? (original.errorReason ?? null) : null;
