import { describe, expect, it, vi } from 'vitest';
import { Campaign, EmailTemplate, EmailTemplateList, TEMPLATE_TYPES } from '@mastering/contracts';
import { call, emailPerFile, type Received } from './support';

const ctx = emailPerFile();
const admin = { role: 'admin' as const };
const arrive = <T>(check: () => T, timeout = 15_000) => vi.waitFor(check, { timeout, interval: 50 });

/** A header's value as sent (mailparser turns List-* headers into objects). */
const rawHeader = (mail: Received, key: string) =>
  mail.headerLines.find((h) => h.key === key)?.line.replace(/^[^:]+:\s*/, '');

const testParams = {
  customerEmail: 'thandi.test@example.com',
  customerName: 'Thandi <b>Nkosi</b>',
  orderId: '9d2f1a3b-1111-4222-8333-444455556666',
  trackTitle: 'Jozi "Nights" & Days',
  downloadUrl: 'https://example.com/dl/abc',
};

describe('authorisation', () => {
  const paths: [string, string][] = [
    ['GET', '/api/admin/email-templates'],
    ['POST', '/api/admin/email-templates'],
    ['POST', '/api/admin/init-system-templates'],
    ['POST', '/api/admin/test-email'],
    ['POST', '/api/admin/send-custom-email'],
    ['GET', '/api/admin/marketing-campaigns'],
    ['POST', '/api/admin/send-marketing-campaign'],
  ];
  it.each(paths)('%s %s: anonymous 401, customer and engineer 403', async (method, path) => {
    expect((await call(ctx.base, method, path, { body: method === 'GET' ? undefined : {} })).status).toBe(401);
    expect(
      (await call(ctx.base, method, path, { role: 'customer', body: method === 'GET' ? undefined : {} })).status,
    ).toBe(403);
    expect(
      (await call(ctx.base, method, path, { role: 'engineer', body: method === 'GET' ? undefined : {} })).status,
    ).toBe(403);
  });
});

describe('system templates', () => {
  it('init creates one per type of the seven categories, once', async () => {
    const first = await call(ctx.base, 'POST', '/api/admin/init-system-templates', admin);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ created: TEMPLATE_TYPES.length, total: TEMPLATE_TYPES.length });
    const again = await call(ctx.base, 'POST', '/api/admin/init-system-templates', admin);
    expect(again.json).toEqual({ created: 0, total: TEMPLATE_TYPES.length });
    const list = EmailTemplateList.parse((await call(ctx.base, 'GET', '/api/admin/email-templates', admin)).json);
    expect(
      list
        .filter((t) => t.isSystem)
        .map((t) => t.type)
        .sort(),
    ).toEqual([...TEMPLATE_TYPES].sort());
    const newsletter = list.find((t) => t.type === 'newsletter')!;
    expect(newsletter.htmlContent).toContain('<mjml>');
    expect(newsletter.htmlContent).toContain('{{content}}');
    expect(newsletter.textContent).toContain('{{content}}');
  });

  it('can be edited and reset, not deleted', async () => {
    const list = EmailTemplateList.parse((await call(ctx.base, 'GET', '/api/admin/email-templates', admin)).json);
    const welcome = list.find((t) => t.type === 'welcome_email' && t.isSystem)!;
    const edited = await call(ctx.base, 'PUT', `/api/admin/email-templates/${welcome.id}`, {
      ...admin,
      body: { ...welcome, subject: 'Hello there', type: 'custom' },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ subject: 'Hello there', type: 'welcome_email' });
    expect((await call(ctx.base, 'DELETE', `/api/admin/email-templates/${welcome.id}`, admin)).status).toBe(409);
    const reset = await call(ctx.base, 'POST', `/api/admin/email-templates/${welcome.id}/reset`, admin);
    expect(reset.json.subject).toBe('Welcome to {{siteName}}'); // the studio's name is filled in at send time
  });

  it('CRUD of a hand-made template, with the spec messages and a clear duplicate-name error', async () => {
    const bad = await call(ctx.base, 'POST', '/api/admin/email-templates', {
      ...admin,
      body: { name: ' ', subject: '', htmlContent: '' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('Name is required');
    expect(JSON.stringify(bad.json)).toContain('Subject is required');
    expect(JSON.stringify(bad.json)).toContain('HTML content is required');
    const body = {
      name: 'Festive promo',
      subject: 'Festive {{subject}}',
      htmlContent: '<p>Hi {{customerName}}</p>',
      type: 'promotion',
      description: 'December',
    };
    const created = await call(ctx.base, 'POST', '/api/admin/email-templates', { ...admin, body });
    expect(created.status).toBe(201);
    const template = EmailTemplate.parse(created.json);
    expect(template).toMatchObject({ isActive: 'true', isSystem: false, textContent: null });
    expect((await call(ctx.base, 'POST', '/api/admin/email-templates', { ...admin, body })).status).toBe(409);
    const updated = await call(ctx.base, 'PUT', `/api/admin/email-templates/${template.id}`, {
      ...admin,
      body: { ...body, isActive: 'false' },
    });
    expect(updated.json.isActive).toBe('false');
    expect((await call(ctx.base, 'DELETE', `/api/admin/email-templates/${template.id}`, admin)).status).toBe(200);
    expect((await call(ctx.base, 'DELETE', `/api/admin/email-templates/${template.id}`, admin)).status).toBe(404);
  });

  it('previews the editor fields as compiled HTML with escaped sample values', async () => {
    const res = await call(ctx.base, 'POST', '/api/admin/email-templates/preview', {
      ...admin,
      body: {
        subject: 'Hi {{customerName}}',
        htmlContent:
          '<mjml><mj-body><mj-section><mj-column><mj-text>Track {{trackTitle}} {{content}}</mj-text></mj-column></mj-section></mj-body></mjml>',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.subject).toBe('Hi Naledi Dlamini');
    expect(res.json.html).toContain('Track Sunset over Soweto');
    expect(res.json.html).not.toContain('<mj-');
    expect(res.json.text).toContain('Sunset over Soweto');
  });
});

describe('test and custom email', () => {
  it('says which template and fields are missing', async () => {
    const none = await call(ctx.base, 'POST', '/api/admin/test-email', { ...admin, body: { params: {} } });
    expect(none.status).toBe(400);
    expect(none.json.error).toBe('Please select an email template');
    const missing = await call(ctx.base, 'POST', '/api/admin/test-email', {
      ...admin,
      body: {
        template: 'payment-receipt',
        params: { customerEmail: 'a@example.com', customerName: 'A', orderId: 'x' },
      },
    });
    expect(missing.json.error).toBe('Please fill in: trackTitle, amount, paymentMethod, transactionId');
    const custom = await call(ctx.base, 'POST', '/api/admin/send-custom-email', {
      ...admin,
      body: { to: 'a@example.com', subject: '', content: 'x' },
    });
    expect(custom.status).toBe(400);
    expect(custom.json.error).toBe('Please fill in all email fields');
  });

  it('a templated test email arrives once, with HTML and text parts and escaped values, from the edited stored template', async () => {
    const list = EmailTemplateList.parse((await call(ctx.base, 'GET', '/api/admin/email-templates', admin)).json);
    const complete = list.find((t) => t.type === 'mastering_complete' && t.isSystem)!;
    await call(ctx.base, 'PUT', `/api/admin/email-templates/${complete.id}`, {
      ...admin,
      body: { ...complete, subject: 'Ready: {{trackTitle}}' },
    });
    const res = await call(ctx.base, 'POST', '/api/admin/test-email', {
      ...admin,
      body: { template: 'mastering-complete', params: testParams },
    });
    expect(res.status).toBe(202);
    await arrive(() => expect(ctx.smtp.to(testParams.customerEmail)).toHaveLength(1));
    const [mail] = ctx.smtp.to(testParams.customerEmail);
    expect(mail.subject).toBe('Ready: Jozi "Nights" & Days');
    expect(mail.html).toContain('Thandi &lt;b&gt;Nkosi&lt;/b&gt;');
    expect(mail.html).toContain('Jozi &quot;Nights&quot; &amp; Days');
    expect(mail.html).not.toContain('<b>Nkosi</b>');
    expect(mail.html).toContain('href="https://example.com/dl/abc"');
    expect(mail.text).toContain('Thandi <b>Nkosi</b>');
    expect(mail.text).toContain('https://example.com/dl/abc');
    // Transactional mail carries no unsubscribe machinery.
    expect(rawHeader(mail, 'list-unsubscribe')).toBeUndefined();
    await arrive(async () =>
      expect(
        await ctx.db.knex('email_messages').where({ toEmail: testParams.customerEmail, status: 'sent' }),
      ).toHaveLength(1),
    );
  });

  it('the eight test templates all render with their fields', async () => {
    const fields = {
      'order-confirmation': { amount: '324.35' },
      'payment-receipt': { amount: '499', paymentMethod: 'Card', transactionId: 'tx_1' },
      'upload-confirmation': { fileCount: '2', fileNames: 'a.wav, b.wav' },
      'payment-failed': { amount: '10.5', reason: 'Declined' },
      'mastering-started': { estimatedCompletion: '2026-12-01T10:00' },
      'admin-new-order': { amount: '499' },
      'download-expiry-reminder': { expiryDate: '2026-12-05', downloadUrl: 'https://example.com/d' },
    };
    for (const [template, extra] of Object.entries(fields)) {
      const to = `eight-${template}@example.com`;
      const res = await call(ctx.base, 'POST', '/api/admin/test-email', {
        ...admin,
        body: { template, params: { ...testParams, customerEmail: to, ...extra } },
      });
      expect(res.status, `${template}: ${res.text}`).toBe(202);
    }
    await arrive(() => expect(ctx.smtp.received.filter((m) => m.envelopeTo.startsWith('eight-'))).toHaveLength(7));
    expect(ctx.smtp.to('eight-order-confirmation@example.com')[0].text).toContain('R324,35');
    expect(ctx.smtp.to('eight-upload-confirmation@example.com')[0].text).toContain('a.wav, b.wav');
  });

  it('a custom email arrives with the admin text escaped', async () => {
    const res = await call(ctx.base, 'POST', '/api/admin/send-custom-email', {
      ...admin,
      body: { to: 'Custom.Person@example.com', subject: 'About your <order>', content: 'Line one\n<script>x</script>' },
    });
    expect(res.status).toBe(202);
    await arrive(() => expect(ctx.smtp.to('custom.person@example.com')).toHaveLength(1));
    const [mail] = ctx.smtp.to('custom.person@example.com');
    expect(mail.subject).toBe('About your <order>');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.text).toContain('<script>x</script>');
  });
});

describe('campaigns', () => {
  const send = (body: Record<string, unknown>) =>
    call(ctx.base, 'POST', '/api/admin/send-marketing-campaign', { ...admin, body });

  it('checks the form with the spec messages', async () => {
    const empty = await send({ subject: '', content: '', template: 'newsletter', recipientType: 'all' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.json)).toContain('Subject is required');
    expect(JSON.stringify(empty.json)).toContain('Content is required');
    expect(
      (await send({ subject: 'x'.repeat(101), content: 'c', template: 'newsletter', recipientType: 'all' })).json.error,
    ).toBe('Subject too long');
    expect((await send({ subject: 's', content: 'c', template: 'flyer', recipientType: 'all' })).status).toBe(400);
    expect(
      (await send({ subject: 's', content: 'c', template: 'custom', recipientType: 'custom', customRecipients: '' }))
        .json.error,
    ).toBe('Please enter at least one recipient email');
    expect(
      (
        await send({
          subject: 's',
          content: 'c',
          template: 'custom',
          recipientType: 'all',
          scheduledAt: '2020-01-01T00:00:00Z',
        })
      ).json.error,
    ).toBe('Scheduled time must be in the future');
    expect((await call(ctx.base, 'GET', '/api/admin/marketing-campaigns', admin)).json).toEqual([]);
  });

  it('sends to the audience once each, with unsubscribe link and RFC 8058 headers, and counts delivered, opened, clicked and bounced', async () => {
    await ctx.db.knex('unsubscribes').insert({ email: 'gone@example.com' });
    ctx.smtp.reject.add('bounce@example.com');
    const res = await send({
      subject: 'Summer news',
      content: 'Hear the new <masters>\nhttps://not-a-link',
      template: 'promotion',
      recipientType: 'custom',
      customRecipients: 'one@example.com, Two@example.com\nGONE@example.com; bounce@example.com, one@example.com',
    });
    expect(res.status).toBe(201);
    const created = Campaign.parse(res.json);
    expect(created.recipientCount).toBe(3);
    await arrive(async () =>
      expect((await call(ctx.base, 'GET', `/api/admin/marketing-campaigns/${created.id}`, admin)).json.status).toBe(
        'sent',
      ),
    );
    expect(ctx.smtp.to('one@example.com')).toHaveLength(1);
    expect(ctx.smtp.to('two@example.com')).toHaveLength(1);
    expect(ctx.smtp.to('gone@example.com')).toHaveLength(0);
    const [mail] = ctx.smtp.to('one@example.com');
    expect(mail.subject).toBe('Summer news');
    expect(mail.html).toContain('Hear the new &lt;masters&gt;');
    const listUnsubscribe = rawHeader(mail, 'list-unsubscribe') ?? '';
    expect(listUnsubscribe).toMatch(/^<http:\/\/mail\.test\/e\/unsubscribe\/[^>]+>$/);
    expect(rawHeader(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = listUnsubscribe.slice(1, -1);
    expect(mail.html).toContain(unsubscribeUrl);
    expect(mail.text).toContain(unsubscribeUrl);

    // The open pixel and a tracked link, through the service (the mail's host is the public site).
    const local = (url: string) => url.replace('http://mail.test', ctx.base);
    const pixel = String(mail.html).match(/<img src="(http:\/\/mail\.test\/e\/o\/[^"]+)"/)![1];
    const pixelRes = await fetch(local(pixel));
    expect(pixelRes.headers.get('content-type')).toBe('image/gif');
    const click = String(mail.html).match(/href="(http:\/\/mail\.test\/e\/c\/[^"]+)"/)![1];
    const clickRes = await fetch(local(click), { redirect: 'manual' });
    expect(clickRes.status).toBe(302);
    expect(clickRes.headers.get('location')).toMatch(/^http:\/\/mail\.test/);
    await fetch(local(click), { redirect: 'manual' }); // a second click counts once
    const stats = Campaign.parse(
      (await call(ctx.base, 'GET', `/api/admin/marketing-campaigns/${created.id}`, admin)).json,
    );
    expect(stats.deliveryStats).toEqual({ delivered: 2, opened: 1, clicked: 1, bounced: 1 });
    expect(stats.progress).toEqual({ total: 3, sent: 2, failed: 1, pending: 0 });
    expect(stats.sentAt).not.toBeNull();
  });

  it('tracking links cannot be forged or pointed elsewhere (no open redirect)', async () => {
    const good = ctx.links.clickUrl('00000000-0000-4000-8000-000000000000', 'https://example.com/');
    const [, token] = good.split('/e/c/');
    const body = token!.slice(0, -43);
    const mac = token!.slice(-43);
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, u: 'https://evil.example/' })).toString('base64url');
    expect((await call(ctx.base, 'GET', `/e/c/${forgedBody}${mac}`)).status).toBe(404);
    expect((await call(ctx.base, 'GET', `/e/c/${body}${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`)).status).toBe(
      404,
    );
    // Nor in the dotted form of links mailed before key ids.
    expect((await call(ctx.base, 'GET', `/e/c/${forgedBody}.${mac}`)).status).toBe(404);
    expect((await call(ctx.base, 'GET', `/e/unsubscribe/${token}`)).status).toBe(404); // a click token is no unsubscribe token
  });

  it('unsubscribe: the link shows a page, the one-click POST unsubscribes, and later campaigns leave the address out', async () => {
    const token = ctx.links.unsubscribeUrl('Leaver@Example.com').split('/e/unsubscribe/')[1];
    const page = await call(ctx.base, 'GET', `/e/unsubscribe/${token}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('leaver@example.com');
    expect(await ctx.db.knex('unsubscribes').where({ email: 'leaver@example.com' })).toHaveLength(0);
    const res = await fetch(`${ctx.base}/e/unsubscribe/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await ctx.db.knex('unsubscribes').where({ email: 'leaver@example.com' })).toHaveLength(1);
    const created = Campaign.parse(
      (
        await send({
          subject: 'Again',
          content: 'More news',
          template: 'announcement',
          recipientType: 'custom',
          customRecipients: 'leaver@example.com, stayer@example.com',
        })
      ).json,
    );
    expect(created.recipientCount).toBe(1);
    await arrive(() => expect(ctx.smtp.to('stayer@example.com')).toHaveLength(1));
    expect(ctx.smtp.to('leaver@example.com')).toHaveLength(0);
  });

  it('resolves all, active and vip audiences from customers (all: paying customers and confirmed consents)', async () => {
    const order = (customerEmail: string, status: string, totalCents: number, marketingConsent = false) =>
      ctx.db.knex('orders').insert({
        customerEmail,
        status,
        unitPriceCents: totalCents,
        trackCount: 1,
        subtotalCents: totalCents,
        totalCents,
        marketingConsent,
      });
    await order('vip@example.com', 'delivered', 150_000);
    await order('VIP@example.com', 'payment_confirmed', 60_000);
    await order('buyer@example.com', 'delivered', 32_435);
    await order('unpaid@example.com', 'pending_payment', 500_000);
    await order('Consents@example.com', 'pending_payment', 32_435, true);
    await ctx.db.knex('users').insert({ email: 'account@example.com', role: 'customer' });
    await ctx.db.knex('users').insert({ email: 'staff@example.com', role: 'engineer' });
    const audience = async (recipientType: string) => {
      const created = Campaign.parse(
        (
          await send({
            subject: recipientType,
            content: 'c',
            template: 'promotion',
            recipientType,
            scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
          })
        ).json,
      );
      expect(created.status).toBe('scheduled');
      // Scheduled campaigns resolve their audience when they start; cancel so none goes out here.
      await call(ctx.base, 'POST', `/api/admin/marketing-campaigns/${created.id}/cancel`, admin);
      const { resolveRecipients } = await import('../src/campaigns/service');
      const { Campaign: CampaignModel } = await import('@mastering/db');
      const row = await CampaignModel.query(ctx.db.knex).findById(created.id);
      return ctx.db.knex.transaction(async (trx) => {
        await resolveRecipients(trx, row!);
        const rows = await trx('campaign_recipients').where({ campaignId: created.id }).orderBy('email');
        return rows.map((r) => r.email);
      });
    };
    expect(await audience('vip')).toEqual(['vip@example.com']);
    // Active as on the customers screen: a paid order (an unpaid one is not enough).
    expect(await audience('active')).toEqual(['buyer@example.com', 'vip@example.com']);
    // POPIA s69: neither an unpaid order's address (its ticked box is unconfirmed: see consent/consent.test.ts)
    // nor an account alone joins a marketing audience.
    expect(await audience('all')).toEqual(['buyer@example.com', 'vip@example.com']);
  });

  it('a scheduled campaign waits for its time (agenda), then resolves its audience and sends', async () => {
    const at = new Date(Date.now() + 1500).toISOString();
    const created = Campaign.parse(
      (
        await send({
          subject: 'Soon',
          content: 'On time',
          template: 'custom',
          recipientType: 'custom',
          customRecipients: 'soon@example.com',
          scheduledAt: at,
        })
      ).json,
    );
    expect(created).toMatchObject({ status: 'scheduled', recipientCount: 0, scheduledAt: at });
    expect(ctx.smtp.to('soon@example.com')).toHaveLength(0);
    await arrive(async () =>
      expect((await call(ctx.base, 'GET', `/api/admin/marketing-campaigns/${created.id}`, admin)).json).toMatchObject({
        status: 'sent',
        recipientCount: 1,
      }),
    );
    expect(ctx.smtp.to('soon@example.com')).toHaveLength(1);
    expect(ctx.smtp.to('soon@example.com')[0].date!.getTime()).toBeGreaterThanOrEqual(Date.parse(at) - 1000);
  });

  it('a scheduled campaign can be cancelled once', async () => {
    const created = Campaign.parse(
      (
        await send({
          subject: 'Later',
          content: 'c',
          template: 'custom',
          recipientType: 'custom',
          customRecipients: 'later@example.com',
          scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
        })
      ).json,
    );
    expect(created).toMatchObject({ status: 'scheduled', recipientCount: 0 });
    const cancelled = await call(ctx.base, 'POST', `/api/admin/marketing-campaigns/${created.id}/cancel`, admin);
    expect(cancelled.json.status).toBe('draft');
    expect((await call(ctx.base, 'POST', `/api/admin/marketing-campaigns/${created.id}/cancel`, admin)).status).toBe(
      409,
    );
  });
});
