import { backoffStrategies } from 'agenda';
import { JOBS, RenderPackPayload, type Job } from '@mastering/jobs';
import { renderPack, type PackDeps } from './service';

/** Retries only when the machinery failed (the database, the storage); a file ffmpeg refuses is marked failed instead. */
const PACK_BACKOFF = backoffStrategies.exponential({ delay: 30_000, maxRetries: 3 });

/**
 * The `pack.render` job: renders the waiting release pack files of one master version. In ops beside
 * the analysis, one at a time per process (encoding is CPU-heavy on two shared cores).
 */
export function packRenderJob(deps: PackDeps) {
  return {
    name: JOBS.renderPack,
    options: { concurrency: 1, lockLifetime: 30 * 60_000, backoff: PACK_BACKOFF },
    async handler(job: Job<RenderPackPayload>) {
      await renderPack(deps, RenderPackPayload.parse(job.attrs.data).masterVersionId);
    },
  };
}
