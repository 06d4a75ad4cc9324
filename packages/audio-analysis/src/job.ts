import type { Knex } from 'knex';
import { backoffStrategies } from 'agenda';
import { ANALYSIS_ERRORS, type AnalysisRole, objectKeyOfPath, uploadIdOfKey } from '@mastering/contracts';
import { FileAnalysis, MasterVersion, OrderFile, Upload } from '@mastering/db';
import { AnalyseAudioPayload, JOBS, type Job } from '@mastering/jobs';
import { localObjectPath, type ObjectStorage } from '@mastering/storage';
import {
  analyseAudio,
  ANALYSER_VERSION,
  unusableFile,
  type AnalyseOptions,
  type AudioAnalysis,
  type AudioSource,
} from './analyse';
import { streamingPreview } from './streaming-preview';

type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** What the analysis job needs: the database, the storage, and the local storage root when the driver is local. */
export type AnalysisDeps = {
  knex: Knex;
  storage: ObjectStorage;
  /** Set with the local driver: ffmpeg then reads the file itself and can seek (MP4 keeps its index at the end). */
  localRoot?: string;
  logger: Logger;
  analyse?: AnalyseOptions;
};

/** The storage key of an order file's original or master, or null when it has none (yet). */
async function storedKeyOf(knex: Knex, file: OrderFile, role: AnalysisRole): Promise<string | null> {
  if (role === 'original') {
    const upload = await Upload.query(knex).findOne({ orderFileId: file.id });
    if (upload) return upload.objectKey;
  }
  const filePath = role === 'original' ? file.originalFilePath : file.masteredFilePath;
  if (!filePath) return null;
  // `/objects/<upload id>` is how order files point at an upload; its row holds the object's key.
  const uploadId = uploadIdOfKey(objectKeyOfPath(filePath));
  if (uploadId) return (await Upload.query(knex).findById(uploadId))?.objectKey ?? null;
  // Otherwise the path is the object's key, possibly written with a leading slash.
  return filePath.replace(/^\/+/, '');
}

/** Opens the object for ffmpeg: its file on a local disk, else the storage's read stream; null when it is gone. */
export async function openSource(deps: AnalysisDeps, key: string): Promise<AudioSource | null> {
  if (deps.localRoot !== undefined)
    return (await deps.storage.exists(key)) ? { path: localObjectPath(deps.localRoot, key) } : null;
  const object = await deps.storage.get(key);
  return object ? { stream: object.stream } : null;
}

/** Stores one analysis: re-analysis with the same analyser version overwrites its row, never adds one. */
export async function saveAnalysis(
  knex: Knex,
  fileId: string,
  role: AnalysisRole,
  analysis: AudioAnalysis,
): Promise<FileAnalysis> {
  return FileAnalysis.query(knex)
    .insert({ fileId, role, analyserVersion: ANALYSER_VERSION, ...analysis, analysedAt: new Date() })
    .onConflict(['file_id', 'role', 'analyser_version'])
    .merge()
    .returning('*');
}

/**
 * Analyses one order file's original or master and stores the result. A file that cannot be used is a
 * result too (`error` with its reason); only a failure of the machinery (database, ffmpeg missing)
 * throws, and agenda retries it. Returns null when there is nothing to analyse (no such file, no master yet).
 */
export async function analyseOrderFile(
  deps: AnalysisDeps,
  fileId: string,
  role: AnalysisRole,
): Promise<FileAnalysis | null> {
  const file = await OrderFile.query(deps.knex).findById(fileId);
  if (!file) return null;
  const key = await storedKeyOf(deps.knex, file, role);
  if (!key) return null;
  const source = await openSource(deps, key);
  const analysis = source ? await analyseAudio(source, deps.analyse) : unusableFile(ANALYSIS_ERRORS.missing);
  const saved = await saveAnalysis(deps.knex, fileId, role, analysis);
  // The master's row is per file, so the version keeps its own figures (v1's survive v2's analysis).
  if (role === 'master' && file.masteredFilePath && saved.status === 'ok') {
    await MasterVersion.recordLoudness(deps.knex, fileId, file.masteredFilePath, saved);
    // How platforms will play it and what MP3 and AAC do to its peaks: what the engineer checks before delivering.
    const preview = await streamingPreview(analysis, () => openSource(deps, key), deps.analyse);
    if (preview) return saved.$query(deps.knex).patchAndFetch({ streamingPreview: preview });
  }
  return saved;
}

/** Retries when the machinery failed (not the file): after 30 s, 1 min, 2 min. */
const ANALYSIS_BACKOFF = backoffStrategies.exponential({ delay: 30_000, maxRetries: 3 });

/**
 * The `audio.analyse` job. It runs in the ops service, not the storefront: decoding is CPU-heavy and
 * must never slow the customer-facing API. One at a time per worker process (two cores shared by everything).
 */
export function analysisJob(deps: AnalysisDeps) {
  return {
    name: JOBS.analyseAudio,
    options: { concurrency: 1, lockLifetime: 20 * 60_000, backoff: ANALYSIS_BACKOFF },
    async handler(job: Job<AnalyseAudioPayload>) {
      const { fileId, role } = AnalyseAudioPayload.parse(job.attrs.data);
      const result = await analyseOrderFile(deps, fileId, role);
      if (!result)
        deps.logger.warn({ fileId, role }, 'audio analysis: nothing to analyse (no such file or no master yet)');
      else deps.logger.info({ fileId, role, status: result.status, lufs: result.integratedLufs }, 'audio analysed');
    },
  };
}
