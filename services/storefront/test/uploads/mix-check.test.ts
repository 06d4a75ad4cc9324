// The storefront's side of the mix check: a stored customer upload is queued for the ops worker and
// reads pending until the worker writes its row; only the browser that uploaded it may read the check; the worker's report is what
// it then answers.
import { describe, expect, it } from 'vitest';
import { MIX_CHECK_UNKNOWN, MixCheck, objectKeyOfPath, uploadIdOfKey, type MixCheckReport } from '@mastering/contracts';
import { MixCheckRow } from '@mastering/db';
import { JOBS } from '@mastering/jobs';
import { storefrontPerFile, uploadWhole, wav } from '../support';

const ctx = storefrontPerFile();
const mixCheckOf = (uploadId: string, cookie?: string) =>
  fetch(`${ctx.site.base}/api/files/upload/${uploadId}/mix-check`, { headers: cookie ? { cookie } : {} });

describe('GET /api/files/upload/:id/mix-check', () => {
  it('queues the check of a stored upload, answers pending to its browser, then the report', async () => {
    ctx.site.queued.length = 0;
    const { cookie, objectPath } = await uploadWhole(ctx.site, wav(48_000));
    const uploadId = uploadIdOfKey(objectKeyOfPath(objectPath))!;
    expect(ctx.site.queued).toEqual([{ name: JOBS.checkMix, data: { uploadId } }]);
    // Issue 52: ops' worker owns the check's row; the storefront only marks its upload as queued.
    expect(await ctx.db.knex('mix_checks').where({ uploadId })).toEqual([]);

    const pending = await mixCheckOf(uploadId, cookie);
    expect(pending.status).toBe(200);
    expect(pending.headers.get('cache-control')).toContain('no-store');
    expect(MixCheck.parse(await pending.json())).toEqual({
      uploadId,
      status: 'pending',
      errorReason: null,
      report: null,
    });

    // What the ops worker records (its measuring is tested in packages/audio-analysis and services/ops).
    const report = { findings: [{ check: 'clipping', severity: 'problem', advice: 'Your mix clips 3 times.' }] };
    await MixCheckRow.record(ctx.db.knex, uploadId, {
      checkerVersion: 'test',
      errorReason: null,
      report: report as unknown as MixCheckReport,
    });
    const done = await (await mixCheckOf(uploadId, cookie)).json();
    expect(done).toMatchObject({ status: 'ok', report: { findings: report.findings } });
  });

  it('answers 404 alike to another browser, to nobody, and for an upload never checked', async () => {
    const { cookie, objectPath } = await uploadWhole(ctx.site, wav(4_800));
    const uploadId = uploadIdOfKey(objectKeyOfPath(objectPath))!;
    const other = await uploadWhole(ctx.site, wav(4_800));
    for (const res of [await mixCheckOf(uploadId, other.cookie), await mixCheckOf(uploadId)]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: MIX_CHECK_UNKNOWN });
    }
    // Never queued (the queue was down): nothing to wait for.
    await ctx.db.knex('uploads').where('id', uploadId).update({ mixCheckQueuedAt: null });
    expect((await mixCheckOf(uploadId, cookie)).status).toBe(404);
  });
});
