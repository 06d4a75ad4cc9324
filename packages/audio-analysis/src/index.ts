import path from 'node:path';
import { createStorage, DEFAULT_STORAGE_ROOT, readStorageConfig } from '@mastering/storage';
import type { AnalysisDeps } from './job';

export { analyseAudio, ANALYSER_VERSION, type AudioAnalysis, type AudioSource, type AnalyseOptions } from './analyse';
export { checkMix, mixReport, MIX_CHECK_VERSION, UNPAID_CHECK_LIMITS, type MixCheckResult } from './mix-check';
export { checkUploadMix, mixCheckJob } from './mix-check-job';
export { encoderProgram, streamingPreview } from './streaming-preview';
export { MixMeter, type MixMeasures } from './mix-meter';
export { DEFAULT_LIMITS, type DecoderLimits } from './fence';
export { analyseOrderFile, analysisJob, saveAnalysis, type AnalysisDeps } from './job';
export { PeakAccumulator } from './peaks';
export { BalanceMeter, type BalanceMeasure } from './balance';
export { measureBalance, type CoherenceMeasureResult } from './measure-balance';

/**
 * The storage the settings choose (STORAGE_DRIVER, STORAGE_DIR, S3_*), plus its root folder when it is
 * the local disk, so ffmpeg reads those files directly instead of through a pipe.
 */
export function analysisStorage(env: NodeJS.ProcessEnv = process.env): Pick<AnalysisDeps, 'storage' | 'localRoot'> {
  const config = readStorageConfig(env);
  if (config.driver === 's3') return { storage: createStorage(config) };
  const root = path.resolve(config.root ?? DEFAULT_STORAGE_ROOT);
  return { storage: createStorage({ driver: 'local', root }), localRoot: root };
}
export { measurePackFile, packRenderArgs, renderPackFile, renderProgram, type PackMeasure } from './pack-render';
