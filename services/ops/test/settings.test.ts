import { beforeAll, describe, expect, it } from 'vitest';
import { StoredSettings, TestEmailQueued, type Role, type SaveSettingsBody } from '@mastering/contracts';
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
      security: { sessionTimeout: 24, maxLoginAttempts: 5, adminTokenEnabled: true, requireStrongPasswords: true },
      email: { smtpHost: '', smtpPort: 587, smtpUser: '', smtpPasswordSet: false, orderConfirmationEmails: true, statusUpdateEmails: true },
      updatedAt: null,
      updatedBy: null,
      recentChanges: [],
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

  const withSections: SaveSettingsBody = {
    ...valid,
    security: { sessionTimeout: 12, maxLoginAttempts: 3, adminTokenEnabled: false, requireStrongPasswords: true },
    email: { smtpHost: 'smtp.jozi.example', smtpPort: 465, smtpUser: 'mailer', smtpPassword: 's3cret-pass', enableEmailNotifications: true, orderConfirmationEmails: false, statusUpdateEmails: true },
  };
  const raw = async () => JSON.stringify(await (await fetch(`${ctx.base}/api/admin/settings`, { headers: await as('admin') })).text());

  it('stores the Security and Email sections; the SMTP password is kept but never sent back', async () => {
    const res = await put(withSections);
    expect(res.status).toBe(200);
    const saved = StoredSettings.parse(await res.json());
    expect(saved.security).toEqual(withSections.security);
    expect(saved.email).toEqual({ smtpHost: 'smtp.jozi.example', smtpPort: 465, smtpUser: 'mailer', smtpPasswordSet: true, enableEmailNotifications: true, orderConfirmationEmails: false, statusUpdateEmails: true });
    expect(await raw()).not.toContain('s3cret-pass');

    // A save without a password (the browser never has it) keeps the stored one.
    const { smtpPassword: _, ...emailWithoutPassword } = withSections.email!;
    await put({ ...withSections, email: { ...emailWithoutPassword, smtpPort: 2525 } });
    const stored = await ctx.db.knex('settings').where('key', 'email').first();
    expect(stored.value).toMatchObject({ smtpPassword: 's3cret-pass', smtpPort: 2525 });
    await put({ ...withSections, email: { ...withSections.email!, smtpPassword: '' } });
    expect((await ctx.db.knex('settings').where('key', 'email').first()).value.smtpPassword).toBe('s3cret-pass');
  });

  it('audits every save: who, when, and which sections changed', async () => {
    await put(withSections); // nothing changed: still audited, with no sections
    await put({ ...withSections, security: { ...withSections.security!, maxLoginAttempts: 7 } });
    const saved = StoredSettings.parse(await (await fetch(`${ctx.base}/api/admin/settings`, { headers: await as('admin') })).json());
    expect(saved.recentChanges[0]).toMatchObject({ changedBy: 'owner@example.com', sections: ['security'] });
    expect(saved.recentChanges.length).toBeGreaterThanOrEqual(4);
    const rows = await ctx.db.knex('settingsAudit').orderBy('createdAt');
    expect(rows.map((r) => r.sections)).toEqual([['general', 'pricing'], ['security', 'email'], ['email'], ['email'], [], ['security']]);
    expect(rows.every((r) => r.changedBy === adminId)).toBe(true);
  });

  it('refuses bad Security and Email figures with their messages, changing nothing', async () => {
    const before = await raw();
    for (const [body, message] of [
      [{ ...withSections, security: { ...withSections.security!, sessionTimeout: 0 } }, 'Session timeout must be 1 to 720 hours'],
      [{ ...withSections, email: { ...withSections.email!, smtpPort: 70_000 } }, 'SMTP port must be 1 to 65535'],
    ] as const) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(message);
    }
    expect(await raw()).toBe(before);
  });
});

describe('POST /api/admin/settings/test-email', () => {
  const send = async (role: Role) => fetch(`${ctx.base}/api/admin/settings/test-email`, { method: 'POST', headers: { 'content-type': 'application/json', ...(await as(role)) }, body: '{}' });

  it('queues a real test mail to the admin\'s own address, admins only', async () => {
    ctx.queued.length = 0;
    expect((await send('engineer')).status).toBe(403);
    expect(ctx.queued).toEqual([]);
    const res = await send('admin');
    expect(res.status).toBe(200);
    expect(TestEmailQueued.parse(await res.json())).toMatchObject({ ok: true, to: 'owner@example.com' });
    expect(ctx.queued).toMatchObject([{ name: 'email.send', data: { to: 'owner@example.com', template: 'settings-test-email', kind: 'transactional', data: { siteName: 'Studio Jozi' } } }]);
  });
});
