// Mailed links must survive a restart: the whole stack (embedded PostgreSQL, MailDev, the services, the
// gateway; front-end builds skipped) is started on one data folder, a delivery and a campaign are mailed,
// the stack is stopped and started again on the same folder, and the download, unsubscribe and click
// links from the mails still work through the gateway.
import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '@mastering/db';
import { createStack, type LocalStack, type Stack } from '../lib/stack';
import { SECRETS_FILE } from '../lib/secrets';
import { throwawaySite } from '../lib/throwaway-stack';
import { deliverAndPromote, seedMasteredOrder } from './mailed-order';

let site: Awaited<ReturnType<typeof throwawaySite>>;
let running: LocalStack | null = null;
const deaths: string[] = [];

async function start(): Promise<Stack> {
  running = createStack({
    dataDir: site.dataDir,
    env: { ...site.env, LOG_LEVEL: 'warn' },
    log: () => undefined,
    onDeath: (name, code, tail) => deaths.push(`${name} exited (${code}): ${tail.join('\n')}`),
    buildFrontEnd: false,
  });
  return running.start();
}

async function stop() {
  await running?.stop();
  running = null;
}

/** Every mail MailDev holds, newest last. */
async function inbox(
  stack: Stack,
): Promise<{ subject: string; text: string; html: string; to: { address: string }[] }[]> {
  return (await fetch(`${stack.inboxUrl!.replace('localhost', '127.0.0.1')}/api/email`)).json();
}

/** Waits (polling MailDev every 50 ms) for a mail to `to` whose text matches `pattern`; answers the match. */
async function linkIn(stack: Stack, to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    // Links to pages are rewritten into click links in the HTML part only.
    const mail = (await inbox(stack)).find(
      (m) => m.to.some((r) => r.address === to) && pattern.test(`${m.text}\n${m.html}`),
    );
    if (mail) return `${mail.text}\n${mail.html}`.match(pattern)![0];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${pattern}`);
    // Not on every event-loop turn: back-to-back requests kept this process and MailDev busy for the
    // seconds a mail takes, taking CPU from the services that send it.
    await sleep(50);
  }
}

/** How the three links answer through the gateway. */
async function answers(links: { download: string; unsubscribe: string; click: string }) {
  const download = await fetch(links.download.replace('/download/', '/api/downloads/order/'));
  const unsubscribe = await fetch(links.unsubscribe);
  const click = await fetch(links.click, { redirect: 'manual' });
  return {
    download: download.status,
    orderId: download.ok ? ((await download.json()) as { orderId: string }).orderId : null,
    unsubscribe: unsubscribe.status,
    unsubscribePage: (await unsubscribe.text()).includes('fan@example.com'),
    click: click.status,
    target: click.headers.get('location'),
  };
}

beforeAll(async () => {
  site = await throwawaySite('links-restart');
});
afterAll(async () => {
  await stop().catch(() => undefined);
  if (site) rmSync(site.dataDir, { recursive: true, force: true });
});

describe('links mailed before a restart', () => {
  it('still work after the stack is stopped and started again on the same data folder', async () => {
    let stack = await start();
    const secretsFile = path.join(site.dataDir, SECRETS_FILE);
    expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
    const secret = (JSON.parse(readFileSync(secretsFile, 'utf8')) as { identitySecret: string }).identitySecret;

    // A paid order with its master, as staff leave it before delivering.
    const knex = createKnex(stack.databaseUrl);
    let seeded: { orderId: string; adminId: string };
    try {
      seeded = await seedMasteredOrder(knex, stack.adminEmail, 'fan@example.com');
    } finally {
      await knex.destroy();
    }
    const { orderId } = seeded;
    await deliverAndPromote({
      ports: site.ports,
      secret,
      admin: { id: seeded.adminId, email: stack.adminEmail },
      orderId,
      recipient: 'fan@example.com',
      sessionId: 'restart-test',
    });

    const siteUrl = stack.siteUrl.replace(/\/+$/, '');
    const token = '[\\w-]+';
    const links = {
      download: await linkIn(stack, 'fan@example.com', new RegExp(`${siteUrl}/download/${token}`)),
      unsubscribe: await linkIn(stack, 'fan@example.com', new RegExp(`${siteUrl}/e/unsubscribe/${token}`)),
      click: await linkIn(stack, 'fan@example.com', new RegExp(`${siteUrl}/e/c/${token}`)),
    };
    // The promotion's button (the upload page) goes through the signed click redirect.
    const working = {
      download: 200,
      orderId,
      unsubscribe: 200,
      unsubscribePage: true,
      click: 302,
      target: `${siteUrl}/upload`,
    };
    expect(await answers(links)).toEqual(working);

    await stop();
    stack = await start();
    expect(await answers(links)).toEqual(working);
    expect(deaths).toEqual([]);
  }, 240_000);
});
