import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_AUDIO_RETENTION_DAYS,
  DEFAULT_RETENTION_DAYS,
  DEFAULT_UPLOAD_LIMITS,
  StoredSettings,
  TestEmailQueued,
  TestEmailStatus,
  type Role,
  type SaveSettingsBody,
} from '@mastering/contracts';
import { currentPricing } from '../../../storefront/src/site-config/service';
import { openSmtpPassword } from '@mastering/service-kit';
import { identityAs, opsPerFile, SECRET } from '../support';

const ctx = opsPerFile();
let adminId: string;
beforeAll(async () => {
  [{ id: adminId }] = await ctx.db
    .knex('users')
    .insert({ email: 'owner@example.com', role: 'admin', isActive: true })
    .returning('id');
});

const as = (role: Role) => identityAs(role, adminId, 'owner@example.com');
const put = async (body: unknown, role: Role = 'admin') =>
  fetch(`${ctx.base}/api/admin/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(await as(role)) },
    body: JSON.stringify(body),
  });

const valid: SaveSettingsBody = {
  general: {
    siteName: 'Studio Jozi',
    siteDescription: 'Masters from Johannesburg',
    contactEmail: 'hello@jozi.example',
    supportEmail: '',
    maintenanceMode: true,
    enableAnalytics: false,
    legalName: 'Studio Jozi (Pty) Ltd',
    registrationNumber: '2024/123456/07',
    vatNumber: '4123456789',
    vatVendor: true,
    physicalAddress: '12 Juta Street, Braamfontein, Johannesburg, 2001',
    phone: '+27 11 555 0100',
  },
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
      email: {
        smtpHost: '',
        smtpPort: 587,
        smtpUser: '',
        smtpPasswordSet: false,
        orderConfirmationEmails: true,
        statusUpdateEmails: true,
      },
      updatedAt: null,
      updatedBy: null,
      recentChanges: [],
    });
  });

  it('saves both sections, records who saved them, and the storefront prices with the new figures', async () => {
    const res = await put(valid);
    expect(res.status).toBe(200);
    const saved = StoredSettings.parse(await res.json());
    expect(saved.general).toEqual({ ...valid.general, studioIdentityConfirmed: false });
    expect(saved.pricing).toEqual({ basePrice: 550, launchDiscount: 20, maxFileSize: 400, launchEndsOn: '' });
    expect(saved.updatedBy).toBe('owner@example.com');
    expect(saved.updatedAt).not.toBeNull();
    // The one pricing row the storefront reads for every price (cents).
    expect(await currentPricing(ctx.db.knex)).toEqual({
      basePriceCents: 55000,
      launchDiscountPercent: 20,
      maxFileSizeMb: 400,
      launchEndsAt: null,
    });
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
    expect(await (await fetch(`${ctx.base}/api/admin/settings`, { headers: await as('admin') })).json()).toEqual(
      before,
    );
  });

  const withSections: SaveSettingsBody = {
    ...valid,
    security: { sessionTimeout: 12, maxLoginAttempts: 3, adminTokenEnabled: false, requireStrongPasswords: true },
    email: {
      smtpHost: 'smtp.jozi.example',
      smtpPort: 465,
      smtpUser: 'mailer',
      smtpPassword: 's3cret-pass',
      enableEmailNotifications: true,
      orderConfirmationEmails: false,
      statusUpdateEmails: true,
    },
  };
  const raw = async () =>
    JSON.stringify(await (await fetch(`${ctx.base}/api/admin/settings`, { headers: await as('admin') })).text());

  it('stores the Security and Email sections; the SMTP password is kept but never sent back', async () => {
    const res = await put(withSections);
    expect(res.status).toBe(200);
    const saved = StoredSettings.parse(await res.json());
    // A save without the upload limits or retention (an older screen) stores their defaults.
    expect(saved.security).toEqual({
      ...withSections.security,
      ...DEFAULT_UPLOAD_LIMITS,
      audioRetentionDays: DEFAULT_AUDIO_RETENTION_DAYS,
      refundedRetentionDays: DEFAULT_RETENTION_DAYS.refunded,
      cancelledRetentionDays: DEFAULT_RETENTION_DAYS.cancelled,
      expiredRetentionDays: DEFAULT_RETENTION_DAYS.expired,
    });
    expect(saved.email).toEqual({
      smtpHost: 'smtp.jozi.example',
      smtpPort: 465,
      smtpUser: 'mailer',
      smtpPasswordSet: true,
      smtpPlaintextHost: '',
      enableEmailNotifications: true,
      orderConfirmationEmails: false,
      statusUpdateEmails: true,
    });
    expect(await raw()).not.toContain('s3cret-pass');
    expect(await raw()).not.toContain('sealed.');

    // Stored sealed (AES-256-GCM under the signing secret, bound to the host), never in plain text.
    const storedPassword = async () =>
      (await ctx.db.knex('settings').where('key', 'email').first()).value.smtpPassword as string;
    expect(await storedPassword()).toMatch(/^sealed\.v1\./);
    expect(await storedPassword()).not.toContain('s3cret-pass');
    expect(openSmtpPassword(SECRET, 'SMTP.jozi.example', await storedPassword())).toBe('s3cret-pass');

    // A save without a password (the browser never has it) keeps the stored one while the relay stays the same.
    const { smtpPassword: _, ...emailWithoutPassword } = withSections.email!;
    const sealedBefore = await storedPassword();
    expect(
      (await put({ ...withSections, email: { ...emailWithoutPassword, enableEmailNotifications: false } })).status,
    ).toBe(200);
    expect((await ctx.db.knex('settings').where('key', 'email').first()).value).toMatchObject({
      smtpPassword: sealedBefore,
      enableEmailNotifications: false,
    });
    await put({ ...withSections, email: { ...withSections.email!, smtpPassword: '' } });
    expect(await storedPassword()).toBe(sealedBefore);
  });

  it('keeps no SMTP password for a relay without a user, and seals a new one for the host it came with', async () => {
    await put(withSections);
    const { smtpPassword: _, ...noPassword } = withSections.email!;
    // Another server with no login: the old password is not kept for it.
    let res = await put({ ...withSections, email: { ...noPassword, smtpHost: 'relay.lan.example', smtpUser: '' } });
    expect(StoredSettings.parse(await res.json()).email).toMatchObject({
      smtpHost: 'relay.lan.example',
      smtpPasswordSet: false,
    });
    expect((await ctx.db.knex('settings').where('key', 'email').first()).value.smtpPassword).toBe('');
    // Going back does not bring it back either.
    res = await put({ ...withSections, email: noPassword });
    expect(StoredSettings.parse(await res.json()).email.smtpPasswordSet).toBe(false);
    res = await put({
      ...withSections,
      email: { ...withSections.email!, smtpHost: 'smtp2.jozi.example', smtpPassword: 'new-pass' },
    });
    expect(StoredSettings.parse(await res.json()).email).toMatchObject({
      smtpHost: 'smtp2.jozi.example',
      smtpPasswordSet: true,
    });
    const stored = (await ctx.db.knex('settings').where('key', 'email').first()).value.smtpPassword;
    expect(openSmtpPassword(SECRET, 'smtp2.jozi.example', stored)).toBe('new-pass');
    expect(() => openSmtpPassword(SECRET, 'smtp.jozi.example', stored)).toThrow();
  });

  it('keeps a STARTTLS exemption naming its host, and seals a password stored before sealing existed', async () => {
    await ctx.db
      .knex('settings')
      .where('key', 'email')
      .update({ value: JSON.stringify({ ...withSections.email, smtpPassword: 'plain-old' }) });
    const { smtpPassword: _, ...noPassword } = withSections.email!;
    let res = await put({ ...withSections, email: noPassword });
    expect((await ctx.db.knex('settings').where('key', 'email').first()).value.smtpPassword).toMatch(/^sealed\.v1\./);
    res = await put({
      ...withSections,
      email: { ...noPassword, smtpPassword: 'plain-old', smtpPlaintextHost: 'smtp.jozi.example' },
    });
    expect(StoredSettings.parse(await res.json()).email).toMatchObject({
      smtpPlaintextHost: 'smtp.jozi.example',
      smtpPasswordSet: true,
    });
    const stored = (await ctx.db.knex('settings').where('key', 'email').first()).value.smtpPassword;
    expect(stored).toMatch(/^sealed\.v1\./);
    expect(openSmtpPassword(SECRET, 'smtp.jozi.example', stored)).toBe('plain-old');
    await put(withSections);
  });

  it('audits every save: who, when, and which sections changed', async () => {
    await put(withSections); // nothing changed: still audited, with no sections
    await put({ ...withSections, security: { ...withSections.security!, maxLoginAttempts: 7 } });
    const saved = StoredSettings.parse(
      await (await fetch(`${ctx.base}/api/admin/settings`, { headers: await as('admin') })).json(),
    );
    expect(saved.recentChanges[0]).toMatchObject({ changedBy: 'owner@example.com', sections: ['security'] });
    expect(saved.recentChanges.length).toBeGreaterThanOrEqual(4);
    const rows = await ctx.db.knex('settingsAudit').orderBy('createdAt');
    // The saves of the tests before, then this one's two (the same password typed again is no change).
    expect(rows.map((r) => r.sections).slice(0, 4)).toEqual([
      ['general', 'pricing'],
      ['security', 'email'],
      ['email'],
      ['email'],
    ]);
    expect(rows.map((r) => r.sections).slice(-2)).toEqual([[], ['security']]);
    expect(rows.every((r) => r.changedBy === adminId)).toBe(true);
  });

  it('stores the upload limits of the Security section, each from 1 up', async () => {
    const limits = {
      uploadFilesPerVisitor: 10,
      uploadGbPerVisitor: 5,
      uploadFilesPerAddress: 40,
      uploadGbPerAddress: 20,
    };
    const res = await put({ ...valid, security: { ...withSections.security, ...limits } });
    expect(res.status).toBe(200);
    expect(StoredSettings.parse(await res.json()).security).toMatchObject(limits);
    const refused = await put({ ...valid, security: { ...withSections.security, ...limits, uploadGbPerAddress: 0 } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('GB per address must be 1 to 100000');
    await put(withSections);
  });

  it('ends open sessions the shortened timeout no longer covers, at once', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const session = (createdHoursAgo: number, expiresInHours: number) =>
      ctx.db
        .knex('sessions')
        .insert({
          tokenHash: crypto.randomUUID(),
          userId: adminId,
          createdAt: hoursAgo(createdHoursAgo),
          expiresAt: hoursAgo(-expiresInHours),
        })
        .returning('id');
    const [[old], [recent], [brief]] = await Promise.all([session(10, 14), session(1, 23), session(1, 2)]);
    await put({ ...withSections, security: { ...withSections.security!, sessionTimeout: 6 } });
    const after = Object.fromEntries(
      (await ctx.db.knex('sessions').whereIn('id', [old.id, recent.id, brief.id])).map((r) => [r.id, r]),
    );
    const hoursAfterSignIn = (id: string) =>
      (new Date(after[id].expiresAt).getTime() - new Date(after[id].createdAt).getTime()) / 3_600_000;
    expect(new Date(after[old.id].expiresAt).getTime()).toBeLessThan(Date.now()); // signed in 10 h ago: over
    expect(hoursAfterSignIn(old.id)).toBeCloseTo(6, 5);
    expect(hoursAfterSignIn(recent.id)).toBeCloseTo(6, 5);
    expect(hoursAfterSignIn(brief.id)).toBeCloseTo(3, 5); // already shorter: untouched
  });

  it('refuses bad Security and Email figures with their messages, changing nothing', async () => {
    const before = await raw();
    for (const [body, message] of [
      [
        { ...withSections, security: { ...withSections.security!, sessionTimeout: 0 } },
        'Session timeout must be 1 to 720 hours',
      ],
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
  const send = async (role: Role) =>
    fetch(`${ctx.base}/api/admin/settings/test-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await as(role)) },
      body: '{}',
    });

  it("queues a real test mail to the admin's own address, admins only", async () => {
    ctx.queued.length = 0;
    expect((await send('engineer')).status).toBe(403);
    expect(ctx.queued).toEqual([]);
    const res = await send('admin');
    expect(res.status).toBe(200);
    expect(TestEmailQueued.parse(await res.json())).toMatchObject({ ok: true, to: 'owner@example.com' });
    expect(ctx.queued).toMatchObject([
      {
        name: 'email.send',
        data: {
          to: 'owner@example.com',
          template: 'settings-test-email',
          kind: 'transactional',
          data: { siteName: 'Studio Jozi' },
        },
      },
    ]);
  });
});

describe('GET /api/admin/settings/test-email/:jobId', () => {
  const status = async (jobId: string, role: Role = 'admin') =>
    fetch(`${ctx.base}/api/admin/settings/test-email/${jobId}`, { headers: await as(role) });
  const record = (jobId: string, fields: object) =>
    ctx.db.knex('emailMessages').insert({
      jobId,
      toEmail: 'owner@example.com',
      fromEmail: 'studio@example.com',
      subject: 'Test',
      html: '<p>t</p>',
      text: 't',
      template: 'settings-test-email',
      ...fields,
    });

  it('follows the test mail from queued to sent or failed, naming the relay the saved settings choose', async () => {
    expect((await status('job-1', 'engineer')).status).toBe(403);
    await ctx.db.knex('settings').where({ key: 'email' }).delete();
    expect(TestEmailStatus.parse(await (await status('job-1')).json())).toEqual({
      jobId: 'job-1',
      to: null,
      state: 'queued',
      error: null,
      via: "the server's own mail relay",
    });
    await record('job-1', { status: 'sent' });
    await record('job-2', { status: 'failed', lastError: 'TLS failed' });
    // A row from before the worker kept only SmtpCheck's words: the server's text is not shown.
    await record('job-3', { status: 'failed', lastError: '220 mail.internal ESMTP Postfix (Debian)' });
    await put({
      ...valid,
      email: {
        smtpHost: 'smtp.jozi.example',
        smtpPort: 2525,
        smtpUser: '',
        smtpPassword: '',
        enableEmailNotifications: true,
        orderConfirmationEmails: true,
        statusUpdateEmails: true,
      },
    });
    expect(await (await status('job-1')).json()).toEqual({
      jobId: 'job-1',
      to: 'owner@example.com',
      state: 'sent',
      error: null,
      via: 'smtp.jozi.example:2525',
    });
    expect(await (await status('job-2')).json()).toMatchObject({ state: 'failed', error: 'TLS failed' });
    expect(await (await status('job-3')).json()).toMatchObject({ state: 'failed', error: 'refused' });
  });
});
