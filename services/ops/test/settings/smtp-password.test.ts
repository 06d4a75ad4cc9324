import { beforeAll, describe, expect, it } from 'vitest';
import { SMTP_PASSWORD_REQUIRED_AGAIN, StoredSettings, type SaveSettingsBody } from '@mastering/contracts';
import { openSmtpPassword } from '@mastering/service-kit';
import { identityAs, opsPerFile, SECRET } from '../support';

// Issue 51 Deliver 9: the stored SMTP password goes only to the relay it was typed for. A save that changes the
// host, port, user or TLS exemption must carry the password again; leaving it out is refused and changes nothing.
const ctx = opsPerFile();
let adminId: string;
beforeAll(async () => {
  [{ id: adminId }] = await ctx.db
    .knex('users')
    .insert({ email: 'owner@example.com', role: 'admin', isActive: true })
    .returning('id');
});

const put = async (body: SaveSettingsBody) =>
  fetch(`${ctx.base}/api/admin/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(await identityAs('admin', adminId, 'owner@example.com')) },
    body: JSON.stringify(body),
  });
const storedEmail = async () => (await ctx.db.knex('settings').where('key', 'email').first()).value;

const relay = {
  smtpHost: 'smtp.jozi.example',
  smtpPort: 587,
  smtpUser: 'mailer',
  smtpPlaintextHost: '',
  enableEmailNotifications: true,
  orderConfirmationEmails: true,
  statusUpdateEmails: true,
};
const save = (email: Partial<NonNullable<SaveSettingsBody['email']>>): SaveSettingsBody => ({
  general: {
    siteName: 'Studio Jozi',
    siteDescription: 'Masters from Johannesburg',
    contactEmail: 'hello@jozi.example',
    supportEmail: '',
    maintenanceMode: false,
    enableAnalytics: false,
    legalName: '',
    registrationNumber: '',
    vatNumber: '',
    vatVendor: false,
    physicalAddress: '',
    phone: '',
  },
  pricing: { basePrice: 499, launchDiscount: 35, maxFileSize: 500 },
  email: { ...relay, ...email },
});

describe('the stored SMTP password', () => {
  it.each([
    ['port', { smtpPort: 25 }],
    ['host', { smtpHost: 'mx.attacker.example' }],
    ['user', { smtpUser: 'someone-else' }],
    ['TLS exemption', { smtpPlaintextHost: 'smtp.jozi.example' }],
  ])('is required again when the %s changes: 400 with the message, nothing stored', async (_what, change) => {
    expect((await put(save({ smtpPassword: 's3cret-pass' }))).status).toBe(200);
    const before = await storedEmail();
    const res = await put(save(change));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(SMTP_PASSWORD_REQUIRED_AGAIN);
    expect(await storedEmail()).toEqual(before);
    // With the password typed again the change is saved, sealed for the relay as it now is.
    const typed = await put(save({ ...change, smtpPassword: 's3cret-pass' }));
    expect(typed.status).toBe(200);
    const after = await storedEmail();
    expect(after).toMatchObject(change);
    expect(openSmtpPassword(SECRET, after.smtpHost, after.smtpPassword)).toBe('s3cret-pass');
  });

  it('is kept, unchanged, by a save of the same relay without it', async () => {
    expect((await put(save({ smtpPassword: 's3cret-pass' }))).status).toBe(200);
    const sealed = (await storedEmail()).smtpPassword;
    const res = await put(save({ smtpHost: 'SMTP.jozi.example', statusUpdateEmails: false }));
    expect(res.status).toBe(200);
    expect(StoredSettings.parse(await res.json()).email).toMatchObject({
      smtpPasswordSet: true,
      statusUpdateEmails: false,
    });
    expect((await storedEmail()).smtpPassword).toBe(sealed);
  });
});
