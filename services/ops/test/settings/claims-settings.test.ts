import { beforeAll, describe, expect, it } from 'vitest';
import { ClaimsOverview, DEFAULT_CLAIM_SETTINGS, type Role } from '@mastering/contracts';
import { identityAs, opsPerFile } from '../support';

// Settings → Marketing claims: the thresholds under which the home page states no figure.
const ctx = opsPerFile();
let adminId: string;
beforeAll(async () => {
  [{ id: adminId }] = await ctx.db
    .knex('users')
    .insert({ email: 'owner@example.com', role: 'admin', isActive: true })
    .returning('id');
});

const call = async (method: string, body?: unknown, role: Role = 'admin') =>
  fetch(`${ctx.base}/api/admin/settings/claims`, {
    method,
    headers: { 'content-type': 'application/json', ...(await identityAs(role, adminId, 'owner@example.com')) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('/api/admin/settings/claims', () => {
  it('shows the defaults, the figures and no claim on an empty studio; saves new thresholds, audited', async () => {
    const first = ClaimsOverview.parse(await (await call('GET')).json());
    expect(first).toEqual({
      settings: DEFAULT_CLAIM_SETTINGS,
      figures: { tracksDelivered: 0, medianDeliveryHours: null, mastersMeasured: 0, mastersStreamingReady: 0 },
      claims: [],
    });
    const next = { minTracksDelivered: 50, maxMedianDeliveryHours: 36, minStreamingReadyPercent: 90 };
    const saved = await call('PUT', next);
    expect(saved.status).toBe(200);
    expect(ClaimsOverview.parse(await saved.json()).settings).toEqual(next);
    expect(ClaimsOverview.parse(await (await call('GET')).json()).settings).toEqual(next);
    const audit = await ctx.db.knex('settingsAudit').orderBy('createdAt', 'desc').first();
    expect(audit).toMatchObject({ changedBy: adminId, sections: ['claims'] });
  });

  it('refuses a threshold out of range, saving nothing, and anyone but an admin', async () => {
    const before = ClaimsOverview.parse(await (await call('GET')).json()).settings;
    const bad = await call('PUT', { ...before, minStreamingReadyPercent: 101 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Minimum streaming-ready share must be 1 to 100');
    for (const role of ['engineer', 'customer'] as const) {
      expect((await call('GET', undefined, role)).status).toBe(403);
      expect((await call('PUT', { ...before, minTracksDelivered: 1 }, role)).status).toBe(403);
    }
    expect(ClaimsOverview.parse(await (await call('GET')).json()).settings).toEqual(before);
  });
});
