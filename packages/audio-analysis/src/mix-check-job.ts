import { ANALYSIS_ERRORS, MIX_CHECK_TEXTS } from '@mastering/contracts';
import { MixCheckRow, Upload } from '@mastering/db';
import { CheckMixPayload, JOBS, type Job } from '@mastering/jobs';
import { openSource, type AnalysisDeps } from './job';
import { checkMix, MIX_CHECK_VERSION, UNPAID_CHECK_LIMITS } from './mix-check';

/**
 * Checks one stored upload's mix and records the report (or why the file could not be checked). An
 * upload swept away meanwhile is skipped. The check is bounded (UNPAID_CHECK_LIMITS) whatever the
 * deps' own limits: it runs before anyone has paid. Only a failure of the machinery throws.
 */
export async function checkUploadMix(deps: AnalysisDeps, uploadId: string): Promise<MixCheckRow | null> {
  const upload = await Upload.query(deps.knex).findById(uploadId);
  if (upload?.status !== 'completed') return null;
  const source = await openSource(deps, upload.objectKey);
  const options = { ...deps.analyse, ...UNPAID_CHECK_LIMITS };
  const { analysis, report } = source
    ? await checkMix(source, options)
    : { analysis: { errorReason: ANALYSIS_ERRORS.missing }, report: null };
  // The row goes with its upload: a check finishing after the sweep deleted the upload writes nothing.
  if (!(await Upload.query(deps.knex).findById(uploadId))) return null;
  await MixCheckRow.record(deps.knex, uploadId, {
    checkerVersion: MIX_CHECK_VERSION,
    errorReason: report ? null : (analysis.errorReason ?? ANALYSIS_ERRORS.notDecodable),
    report,
  });
  return (await MixCheckRow.query(deps.knex).findById(uploadId)) ?? null;
}

/**
 * The `audio.mix-check` job: in the ops service, one at a time per worker. It is advice, never retried:
 * when the check itself fails (the time limit, the decoder), the upload is recorded as not checked, so
 * the upload page stops waiting and says so.
 */
export function mixCheckJob(deps: AnalysisDeps) {
  return {
    name: JOBS.checkMix,
    options: { concurrency: 1, lockLifetime: 5 * 60_000 },
    async handler(job: Job<CheckMixPayload>) {
      const { uploadId } = CheckMixPayload.parse(job.attrs.data);
      try {
        const row = await checkUploadMix(deps, uploadId);
        deps.logger.info({ uploadId, status: row?.status ?? 'gone' }, 'mix checked');
      } catch (err) {
        deps.logger.warn({ uploadId, err: (err as Error).message }, 'mix check failed');
        await MixCheckRow.record(deps.knex, uploadId, {
          checkerVersion: MIX_CHECK_VERSION,
          errorReason: MIX_CHECK_TEXTS.notChecked,
          report: null,
        });
      }
    },
  };
}
