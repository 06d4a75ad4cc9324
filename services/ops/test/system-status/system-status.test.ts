// Issue 27 item 3: Settings → System Status runs live checks with latency, admin only, never internal error text.
import { describe, expect, it, vi } from 'vitest';
import { ClearedCaches, SystemStatus, type Role } from '@mastering/contracts';
import { JOB_TABLE } from '@mastering/db';
import { NAMED_CACHES, postClearCache } from '../../src/system-status/handlers';
import { systemStatus, STALLED_JOB_AFTER_MS } from '../../src/system-status/service';
import { identityAs, opsPerFile } from '../support';

const ctx = opsPerFile();
const get = async (role?: Role) =>
  fetch(`${ctx.base}/api/admin/settings/system-status`, { headers: role ? await identityAs(role) : {} });

describe('GET /api/admin/settings/system-status', () => {
  it('checks the database, object storage and job queue live, each with its latency', async () => {
    const res = await get('admin');
    expect(res.status).toBe(200);
    const body = SystemStatus.parse(await res.json());
    expect(body.checks.map((c) => [c.name, c.status])).toEqual([
      ['database', 'online'],
      ['objectStorage', 'online'],
      ['jobQueue', 'online'],
    ]);
    for (const check of body.checks) expect(Number.isInteger(check.latencyMs)).toBe(true);
  });

  it('reports a job queue nobody works as offline, in plain words', async () => {
    const [{ id }] = await ctx.db
      .knex(JOB_TABLE)
      .insert({ name: 'email.send', next_run_at: new Date(Date.now() - STALLED_JOB_AFTER_MS - 60_000) })
      .returning('id');
    const body = SystemStatus.parse(await (await get('admin')).json());
    expect(body.checks.find((c) => c.name === 'jobQueue')).toMatchObject({
      status: 'offline',
      note: 'Jobs are waiting: is the email worker running?',
    });
    await ctx.db.knex(JOB_TABLE).where({ id }).delete();
  });

  it('is for admins only', async () => {
    expect((await get()).status).toBe(401);
    expect((await get('engineer')).status).toBe(403);
    expect((await get('customer')).status).toBe(403);
  });
});

describe('systemStatus', () => {
  it('never shows the internal error text of a failed check', async () => {
    const fail = async (): Promise<string> => {
      throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password authentication failed');
    };
    const status = await systemStatus({ database: fail, objectStorage: fail, jobQueue: async () => 'ok' });
    expect(status.checks[0]).toMatchObject({ name: 'database', status: 'offline', note: 'Not answering' });
    expect(JSON.stringify(status)).not.toMatch(/ECONNREFUSED|password|10\.0\.0\.7/);
    expect(status.checks[2]).toMatchObject({ status: 'online' });
  });
});

describe('POST /api/admin/settings/clear-cache', () => {
  const post = async (role?: Role) =>
    fetch(`${ctx.base}/api/admin/settings/clear-cache`, {
      method: 'POST',
      headers: role ? await identityAs(role) : {},
    });

  it('empties the counter caches and names them', async () => {
    const res = await post('admin');
    expect(res.status).toBe(200);
    expect(ClearedCaches.parse(await res.json()).cleared).toEqual([...NAMED_CACHES]);
  });

  it('clears the counters it is given', async () => {
    const clear = vi.fn();
    const fakeCtx = { body: undefined } as unknown as Parameters<ReturnType<typeof postClearCache>>[0];
    await postClearCache({ counters: { clear } })(fakeCtx);
    expect(clear).toHaveBeenCalledOnce();
  });

  it('is for admins only', async () => {
    expect((await post()).status).toBe(401);
    expect((await post('engineer')).status).toBe(403);
  });
});
