import { beforeAll, describe, expect, it } from 'vitest';
import { StoredSettings, type Role, type SaveSettingsBody } from '@mastering/contracts';
import { currentPricing } from '../../storefront/src/site-config/service';
import { identityAs, opsPerFile } from './support';

const ctx = opsPerFile();
let adminId: string;
beforeAll(async () => {
  [{ id: adminId }] = await ctx.db.knex('users').insert({ email: 'owner@example.com', role: 'admin', isActive: true }).returning('id');
});

const as = (role: Role) => identityAs(role, adminId, 'owner@example.com');
const put = async (body: unknown, role: Role = 'admin') =>
  fetch(`${ctx.base}/api/admin/settings`, { method: 'PUT', headers: { 'content-type': 'application/json', ...(await as(role)) }, body: JSON.stringify(body) });

const valid: SaveSettingsBody = {
  general: { siteName: 'Studio Jozi', siteDescription: 'Masters from Johannesburg', contactEmail: 'hello@jozi.example', supportEmail: '', maintenanceMode: true, enableAnalytics: false },
  pricing: { basePrice: 550, launchDiscount: 20, maxFileSize: 400 },
};

describe('/api/admin/settings', () => {
  it('answers the defaults before anything is saved, to admins only', async () => {
    expect((await fetch(`${ctx.base}/api/admin/settings`)).status).toBe(401);
    expect((await fetch(`${ctx.base}/api/admin/settings`, { headers: await as('engineer') })).status).toBe(403);
    expect((await put(valid, 'engineer')).status).toBe(403);
    const res = await fetch(`${ctx.base}/api/admin/settings`, { headers: await as('admin') });
    expect(StoredSettings.parse(await res.json())).toMatchObject({
      general: { siteName: 'Mastering Studio', maintenanceMode: false },
      pricing: { basePrice: 499, launchDiscount: 35, maxFileSize: 500 },
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('saves both sections, records who saved them, and the storefront prices with the new figures', async () => {
    const res = await put(valid);
    expect(res.status).toBe(200);
    const saved = StoredSettings.parse(await res.json());
    expect(saved.general).toEqual(valid.general);
    expect(saved.pricing).toEqual({ basePrice: 550, launchDiscount: 20, maxFileSize: 400 });
    expect(saved.updatedBy).toBe('owner@example.com');
    expect(saved.updatedAt).not.toBeNull();
    // The one pricing row the storefront reads for every price (cents).
    expect(await currentPricing(ctx.db.knex)).toEqual({ basePriceCents: 55000, launchDiscountPercent: 20, maxFileSizeMb: 400 });
  });

  it('refuses bad values with the field message and changes nothing', async () => {
    const before = await (await fetch(`${ctx.base}/api/admin/settings`, { headers: await as('admin') })).json();
    const cases: [unknown, string][] = [
      [{ ...valid, pricing: { ...valid.pricing, launchDiscount: 120 } }, 'Launch discount must be 0 to 100'],
      [{ ...valid, pricing: { ...valid.pricing, basePrice: 0 } }, 'Base price must be more than 0'],
      [{ ...valid, general: { ...valid.general, siteName: '  ' } }, 'Site name is required'],
      [{ ...valid, general: { ...valid.general, contactEmail: 'not-an-email' } }, 'Please enter a valid email address'],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(message);
    }
    expect(await (await fetch(`${ctx.base}/api/admin/settings`, { headers: await as('admin') })).json()).toEqual(before);
  });
});
