import { beforeAll, describe, expect, it } from 'vitest';
import { AdminLegalDocument, LegalDocument, LegalPreview, type Role } from '@mastering/contracts';
import { identityAs, opsPerFile } from '../support';

const ctx = opsPerFile();
const ADMIN = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const call = async (method: string, path: string, body?: unknown, role: Role | null = 'admin') =>
  fetch(`${ctx.base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(role ? await identityAs(role, ADMIN, 'legal@studio.example') : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  await ctx.db.knex('users').insert({ id: ADMIN, email: 'legal@studio.example', role: 'admin' });
  const general = {
    siteName: 'Mastering Studio',
    siteDescription: '',
    contactEmail: '',
    supportEmail: 'help@studio.example',
    maintenanceMode: false,
    enableAnalytics: true,
    legalName: 'Jozi Masters (Pty) Ltd',
    registrationNumber: '2024/123456/07',
    vatNumber: '',
    vatVendor: false,
    physicalAddress: '12 Juta Street, Braamfontein, Johannesburg, 2001',
    phone: '+27 11 555 0100',
  };
  await ctx.db.knex('settings').insert({ key: 'general', value: JSON.stringify(general) });
});

describe('legal pages', () => {
  it('serve the default texts written for this service, with the studio identity filled in', async () => {
    for (const document of ['terms', 'privacy', 'refunds']) {
      const res = await call('GET', `/api/legal/${document}`, undefined, null);
      expect(res.status).toBe(200);
      const page = LegalDocument.parse(await res.json());
      expect(page).toMatchObject({ document, version: 0, updatedAt: null });
      expect(page.html).toContain('Jozi Masters (Pty) Ltd');
      expect(page.html).not.toContain('{{');
    }
    const terms = LegalDocument.parse(await (await call('GET', '/api/legal/terms', undefined, null)).json());
    expect(terms.html).toContain('<h1>Terms of Service</h1>');
    expect(terms.html).toContain('12 Juta Street');
    expect(terms.html).toContain('within 48 hours of payment');
    expect(terms.html).toMatch(/cooling-off/);
    expect((await call('GET', '/api/legal/cookies', undefined, null)).status).toBe(400);
  });

  it('keeps every save as a new version, the newest in force, with its author', async () => {
    const first = await call('PUT', '/api/admin/settings/legal/refunds', { markdown: '# Refunds\n\nVersion one.' });
    expect(first.status).toBe(200);
    const second = AdminLegalDocument.parse(
      await (
        await call('PUT', '/api/admin/settings/legal/refunds', { markdown: '# Refunds\n\nVersion **two**.' })
      ).json(),
    );
    expect(second).toMatchObject({ version: 2, markdown: '# Refunds\n\nVersion **two**.' });
    expect(second.versions.map((v) => [v.version, v.createdBy])).toEqual([
      [2, 'legal@studio.example'],
      [1, 'legal@studio.example'],
    ]);
    const page = LegalDocument.parse(await (await call('GET', '/api/legal/refunds', undefined, null)).json());
    expect(page).toMatchObject({ version: 2, html: '<h1>Refunds</h1>\n<p>Version <strong>two</strong>.</p>\n' });
  });

  it('renders safely: typed HTML is escaped and script links are dropped (preview saves nothing)', async () => {
    const markdown = '<script>alert(1)</script>\n\n[click](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const preview = LegalPreview.parse(
      await (await call('POST', '/api/admin/settings/legal/privacy/preview', { markdown })).json(),
    );
    expect(preview.html).not.toMatch(/<script|<img|href="javascript/);
    expect(preview.html).toContain('&lt;script&gt;');
    expect(
      AdminLegalDocument.parse(await (await call('GET', '/api/admin/settings/legal/privacy')).json()).version,
    ).toBe(0);
  });

  it('is edited by admins only, and refuses an empty document', async () => {
    expect((await call('PUT', '/api/admin/settings/legal/terms', { markdown: 'x' }, null)).status).toBe(401);
    expect((await call('PUT', '/api/admin/settings/legal/terms', { markdown: 'x' }, 'engineer')).status).toBe(403);
    const empty = await call('PUT', '/api/admin/settings/legal/terms', { markdown: '   ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toBe('The document cannot be empty');
  });
});
