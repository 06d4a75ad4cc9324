// Keeps promise "marketing-only-once-confirmed" (packages/contracts/src/promises.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_CONFIRM_DAYS, CONSENT_TEXTS } from '@mastering/contracts';
import { Campaign } from '@mastering/db';
import { sendMail } from '@mastering/jobs';
import { resolveRecipients } from '../../src/campaigns/service';
import { createLinkSigner } from '../../src/tracking/links';
import { call, emailPerFile, PUBLIC_URL, SECRET } from '../support';

// Issue 51 finding 5 (POPIA s69): a ticked marketing box is a request until the address confirms it
// through the mailed link (double opt-in); paying customers count under the soft opt-in rule; an
// unsubscribe always wins. The audience is the one a campaign to "all" is sent to.

const ctx = emailPerFile();
const arrive = <T>(check: () => T) => vi.waitFor(check, { timeout: 15_000, interval: 50 });
const DAY = 86_400_000;

/** An order row for `customerEmail` in `status`, with the marketing box as given. */
const order = (customerEmail: string, status: string, marketingConsent: boolean) =>
  ctx.db.knex('orders').insert({
    customerEmail,
    status,
    unitPriceCents: 49_900,
    trackCount: 1,
    subtotalCents: 49_900,
    totalCents: 49_900,
    marketingConsent,
  });

/** The addresses a campaign to "all" made now would be sent to. */
async function allAudience(): Promise<string[]> {
  return ctx.db.knex.transaction(async (trx) => {
    const campaign = await Campaign.query(trx)
      .insert({ subject: 's', content: 'c', template: 'promotion', recipientType: 'all', status: 'sending' })
      .returning('*');
    await resolveRecipients(trx, campaign);
    const rows = await trx('campaign_recipients').where({ campaignId: campaign.id }).orderBy('email');
    return rows.map((r) => r.email as string);
  });
}

/** The confirmation link mailed to `to` (the worker mints it at send time). */
async function mailedConfirmLink(to: string): Promise<string> {
  await sendMail(ctx.queue, {
    template: 'marketing-consent-confirm',
    to,
    params: { confirmDays: CONSENT_CONFIRM_DAYS },
  });
  const mail = await arrive(() => {
    const [received] = ctx.smtp.to(to);
    expect(received).toBeDefined();
    return received!;
  });
  const link = /http:\/\/mail\.test\/e\/confirm\/[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeDefined();
  return link!.slice(PUBLIC_URL.length);
}

const confirm = (path: string) =>
  fetch(`${ctx.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('marketing consent (double opt-in, soft opt-in)', () => {
  beforeEach(async () => {
    for (const table of ['campaign_recipients', 'campaigns', 'orders', 'users', 'unsubscribes', 'marketing_consents'])
      await ctx.db.knex(table).delete();
  });

  it('an unpaid order with the box ticked is not in the audience until its address confirms the mailed link', async () => {
    await order('Ticked@Example.com', 'pending_payment', true);
    // Old code: the ticked box alone put the address in "all".
    expect(await allAudience()).toEqual([]);

    const path = await mailedConfirmLink('ticked@example.com');
    // The stored copy of the mail does not hold the live link.
    const stored = await ctx.db.knex('email_messages').where({ template: 'marketing-consent-confirm' }).first();
    expect(JSON.stringify(stored)).not.toContain(path.split('/').pop());

    // A GET (a link scanner) only asks.
    const page = await call(ctx.base, 'GET', path);
    expect(page.status).toBe(200);
    expect(page.text).toContain(CONSENT_TEXTS.button);
    expect(await allAudience()).toEqual([]);

    const done = await confirm(path);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('you are subscribed');
    expect(await allAudience()).toEqual(['ticked@example.com']);
  });

  it("a paid order's customer is in (soft opt-in, with or without the box), an unpaid unticked one is not", async () => {
    await order('payer@example.com', 'payment_confirmed', false);
    await order('unpaid@example.com', 'pending_payment', false);
    await ctx.db.knex('users').insert({ email: 'account@example.com', role: 'customer' });
    expect(await allAudience()).toEqual(['payer@example.com']);
  });

  it('an unsubscribed address is never in: not as a paying customer, not after confirming', async () => {
    await order('payer@example.com', 'delivered', true);
    await order('confirmer@example.com', 'pending_payment', true);
    const path = await mailedConfirmLink('confirmer@example.com');
    expect((await confirm(path)).status).toBe(200);
    expect(await allAudience()).toEqual(['confirmer@example.com', 'payer@example.com']);
    await ctx.db.knex('unsubscribes').insert([{ email: 'payer@example.com' }, { email: 'confirmer@example.com' }]);
    expect(await allAudience()).toEqual([]);
    // Confirming again after unsubscribing does not undo the unsubscribe.
    expect((await confirm(path)).status).toBe(200);
    expect(await allAudience()).toEqual([]);
  });

  it('a forged, tampered, foreign or expired link is refused with a clear page and changes nothing', async () => {
    await order('victim@example.com', 'pending_payment', true);
    const links = createLinkSigner(SECRET, PUBLIC_URL);
    const token = (url: string) => url.split('/').pop()!;
    const genuine = token(links.consentUrl('victim@example.com'));
    const forged = token(createLinkSigner('f'.repeat(40), PUBLIC_URL).consentUrl('victim@example.com'));
    const tampered = `${genuine.slice(0, 10)}${genuine[10] === 'A' ? 'B' : 'A'}${genuine.slice(11)}`;
    // An unsubscribe link is genuine, but not a confirmation.
    const foreign = token(links.unsubscribeUrl('victim@example.com'));
    const past = Date.now() - (CONSENT_CONFIRM_DAYS + 1) * DAY;
    const expired = token(createLinkSigner(SECRET, PUBLIC_URL, () => past).consentUrl('victim@example.com'));

    for (const bad of [forged, tampered, foreign, 'not-a-token']) {
      for (const res of [await call(ctx.base, 'GET', `/e/confirm/${bad}`), await confirm(`/e/confirm/${bad}`)]) {
        expect(res.status).toBe(404);
        const text = 'text' in res && typeof res.text === 'string' ? res.text : await (res as Response).text();
        expect(text).toContain(CONSENT_TEXTS.invalid.split(':')[0]);
      }
    }
    for (const res of [await call(ctx.base, 'GET', `/e/confirm/${expired}`), await confirm(`/e/confirm/${expired}`)]) {
      expect(res.status).toBe(410);
      const text = 'text' in res && typeof res.text === 'string' ? res.text : await (res as Response).text();
      expect(text).toContain(CONSENT_TEXTS.expired.split(':')[0]);
    }
    expect(await ctx.db.knex('marketing_consents')).toEqual([]);
    expect(await allAudience()).toEqual([]);
  });
});
