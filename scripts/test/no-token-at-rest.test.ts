// Issue 51 Deliver 3: no live token in any log line or stored mail. The whole stack (embedded PostgreSQL, MailDev,
// the services, the gateway; front-end builds skipped) runs at the info level, so the gateway writes its access
// log; an order is delivered (download and order-page links), a campaign goes out (unsubscribe and click links)
// and an unpaid order is reminded (the resume link). Every link is then followed through the gateway, and every
// log line of every process, every stored mail row and every job row is searched for the tokens the mails hold.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '@mastering/db';
import { SECRETS_FILE } from '../lib/secrets';
import { createStack, type LocalStack, type Stack } from '../lib/stack';
import { throwawaySite } from '../lib/throwaway-stack';
import { deliverAndPromote, ONE_TRACK_ORDER, seedMasteredOrder } from './mailed-order';

const CUSTOMER = 'fan@example.com';
let site: Awaited<ReturnType<typeof throwawaySite>>;
let running: LocalStack | null = null;
const deaths: string[] = [];

type Mail = { subject: string; text: string; html: string; to: { address: string }[] };

/** Waits (polling MailDev every 50 ms) for a mail to CUSTOMER holding `pattern`; answers the first match. */
async function linkIn(stack: Stack, pattern: RegExp): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const inbox = (await (
      await fetch(`${stack.inboxUrl!.replace('localhost', '127.0.0.1')}/api/email`)
    ).json()) as Mail[];
    const found = inbox
      .filter((m) => m.to.some((r) => r.address === CUSTOMER))
      .map((m) => `${m.text}\n${m.html}`.match(pattern))
      .find(Boolean);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${CUSTOMER} with ${pattern}`);
    await sleep(50);
  }
}

/** Every log line every process of the stack wrote (one file per process under the data folder's logs). */
function logLines(): string[] {
  const dir = path.join(site.dataDir, 'logs');
  return readdirSync(dir).flatMap((file) =>
    readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .map((line) => `${file}: ${line}`),
  );
}

beforeAll(async () => {
  site = await throwawaySite('no-token-at-rest');
});
afterAll(async () => {
  await running?.stop().catch(() => undefined);
  if (site) rmSync(site.dataDir, { recursive: true, force: true });
});

describe('tokens at rest', () => {
  it('are in no log line, stored mail or job row after a delivery, a campaign and a payment reminder are used', async () => {
    // Info level: the gateway's access log is what would hold a followed link.
    running = createStack({
      dataDir: site.dataDir,
      env: { ...site.env, LOG_LEVEL: 'info' },
      // The storefront's upkeep (which mails the payment reminder) every second instead of every five minutes.
      processEnv: { storefront: { UPKEEP_EVERY_MS: '1000' } },
      log: () => undefined,
      onDeath: (name, code, tail) => deaths.push(`${name} exited (${code}): ${tail.join('\n')}`),
      buildFrontEnd: false,
    });
    const stack = await running.start();
    const secret = (
      JSON.parse(readFileSync(path.join(site.dataDir, SECRETS_FILE), 'utf8')) as { identitySecret: string }
    ).identitySecret;
    const siteUrl = stack.siteUrl.replace(/\/+$/, '');

    // A mastered order to deliver, and an order left unpaid for an hour (the upkeep reminds it within a second).
    const knex = createKnex(stack.databaseUrl);
    let seeded: { orderId: string; adminId: string };
    try {
      seeded = await seedMasteredOrder(knex, stack.adminEmail, CUSTOMER);
      await knex('orders').insert({
        ...ONE_TRACK_ORDER,
        customerEmail: CUSTOMER,
        status: 'pending_payment',
        createdAt: new Date(Date.now() - 61 * 60_000),
      });
    } finally {
      await knex.destroy();
    }
    const { orderId, adminId } = seeded;
    await deliverAndPromote({
      ports: site.ports,
      secret,
      admin: { id: adminId, email: stack.adminEmail },
      orderId,
      recipient: CUSTOMER,
      sessionId: 'no-token-at-rest',
    });

    const token = '([\\w.~-]+)';
    const at = (pathPattern: string) => new RegExp(`${siteUrl}${pathPattern}`);
    const orderPage = await linkIn(stack, at(`/orders/${orderId}\\?t=${token}`));
    const download = await linkIn(stack, at(`/download/${token}`));
    const unsubscribe = await linkIn(stack, at(`/e/unsubscribe/${token}`));
    const click = await linkIn(stack, at(`/e/c/${token}`));
    const resume = await linkIn(stack, at(`/api/payment/resume/${token}`));
    const tokens = [orderPage, download, unsubscribe, click, resume].map((match) => match[1]!);

    // Each link used as the customer would: the order page and its calls, the invoice, the delivery, the
    // unsubscribe page, the click redirect and the resume link.
    const t = encodeURIComponent(orderPage[1]!);
    const answers = {
      orderPage: (await fetch(orderPage[0]!)).status < 500,
      view: (await fetch(`${siteUrl}/api/orders/${orderId}/view?t=${t}`)).status,
      invoice: (await fetch(`${siteUrl}/api/orders/${orderId}/invoice?t=${t}`)).status < 500,
      delivery: (await fetch(download[0]!.replace('/download/', '/api/downloads/order/'))).status,
      unsubscribe: (await fetch(unsubscribe[0]!)).status,
      click: (await fetch(click[0]!, { redirect: 'manual' })).status,
      resume: (await fetch(resume[0]!, { redirect: 'manual' })).status,
    };
    expect(answers).toEqual({
      orderPage: true,
      view: 200,
      invoice: true,
      delivery: 200,
      unsubscribe: 200,
      click: 302,
      resume: 303,
    });

    // The gateway writes its access log in blocks (at least every 250 ms): wait for the last request's line.
    const deadline = Date.now() + 10_000;
    while (!logLines().some((line) => line.includes('/api/payment/resume/')) && Date.now() < deadline) await sleep(50);
    const lines = logLines();
    expect(lines.filter((line) => line.includes('"access"')).length).toBeGreaterThanOrEqual(7);

    const stored = createKnex(stack.databaseUrl);
    let rows: unknown[];
    let jobs: unknown[];
    try {
      rows = await stored('email_messages').select('subject', 'html', 'text', 'toEmail', 'template');
      jobs = await stored('agenda_jobs').select('data');
    } finally {
      await stored.destroy();
    }
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // Each place a live token sits, as the few characters around it (a stored mail is long).
    const around = (where: string, text: string, live: string) => {
      const at = text.indexOf(live);
      return at === -1 ? [] : [`${where}: …${text.slice(Math.max(0, at - 80), at + live.length)}`];
    };
    const leaks = tokens.flatMap((live) => [
      ...lines.flatMap((line) => around('log', line, live)),
      ...rows.flatMap((row) => around('email_messages', JSON.stringify(row), live)),
      ...jobs.flatMap((job) => around('agenda_jobs', JSON.stringify(job), live)),
    ]);
    expect(leaks).toEqual([]);
    expect(deaths).toEqual([]);
  }, 300_000);
});
