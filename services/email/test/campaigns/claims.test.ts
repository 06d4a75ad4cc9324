// The campaign sender claims recipients in batches under a lease: every recipient gets one mail, a
// dead run's rows are taken over only once its lease ran out, a lost lease is never sent on, and a
// stopped or aborted run hands its rows back. A fake mailer stands in for SMTP (the interface is all
// the sender sees); the database is real.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createLogger } from '@mastering/service-kit';
import type { Mailer, OutgoingMail } from '../../src/mail/mailer';
import { claimRecipients, renewClaims, writeOutcomes } from '../../src/campaigns/claims';
import { runCampaign, type CampaignDeps } from '../../src/campaigns/worker';
import { createLinkSigner } from '../../src/tracking/links';
import { PUBLIC_URL, SECRET } from '../support';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => db?.destroy());

/** A campaign in `sending` with `count` pending recipients `<prefix>-<n>@example.com`. */
async function sendingCampaign(prefix: string, count: number) {
  const [campaign] = await db
    .knex('campaigns')
    .insert({
      subject: prefix,
      content: 'News',
      template: 'newsletter',
      recipientType: 'custom',
      status: 'sending',
      recipientCount: count,
    })
    .returning('id');
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`);
  await db.knex('campaign_recipients').insert(emails.map((email) => ({ campaignId: campaign.id, email })));
  return { id: campaign.id as string, emails };
}

/** An in-memory mailer; `onSend` runs inside each send (before it resolves). */
function fakeMailer(onSend?: (mail: OutgoingMail, count: number) => Promise<void> | void) {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      sent.push(mail);
      await onSend?.(mail, sent.length);
      // A real send takes a few turns of the event loop; let other senders interleave.
      await new Promise((resolve) => setImmediate(resolve));
      return { messageId: String(sent.length) };
    },
    async verify() {},
    describe: () => ({ host: 'fake', port: 25 }),
    close: () => undefined,
  };
  return { mailer, sent };
}

const deps = (mailer: Mailer, extra: Partial<CampaignDeps> = {}): CampaignDeps => ({
  knex: db.knex,
  mailer,
  from: 'Studio <studio@example.com>',
  links: createLinkSigner(SECRET, PUBLIC_URL),
  siteUrl: PUBLIC_URL,
  logger: createLogger('campaign-claims-test', 'silent'),
  ratePerSecond: 0,
  concurrency: 4,
  ...extra,
});

const perAddress = (sent: OutgoingMail[]) => {
  const seen = new Map<string, number>();
  for (const mail of sent) seen.set(mail.to, (seen.get(mail.to) ?? 0) + 1);
  return seen;
};
const progress = async (campaignId: string): Promise<Record<string, number>> => {
  const rows: { status: string; n: string }[] = await db
    .knex('campaign_recipients')
    .where({ campaignId })
    .groupBy('status')
    .select('status', db.knex.raw('count(*) as n'));
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
};

describe('campaign sending in claimed batches', () => {
  it('sends each of 250 recipients one mail and records it, with far fewer statements than mails', async () => {
    const campaign = await sendingCampaign('batch', 250);
    const { mailer, sent } = fakeMailer();
    let statements = 0;
    const count = () => (statements += 1);
    db.knex.on('query', count);
    try {
      await runCampaign(deps(mailer), campaign.id);
    } finally {
      db.knex.off('query', count);
    }
    expect(sent).toHaveLength(250);
    expect([...perAddress(sent).values()].every((n) => n === 1)).toBe(true);
    expect(await progress(campaign.id)).toEqual({ sent: 250 });
    expect((await db.knex('campaigns').where({ id: campaign.id }).first()).status).toBe('sent');
    // One claim per 100 recipients and one write per group of mails finished meanwhile: fewer statements
    // than mails (the sender that claimed one row at a time made four per mail).
    expect(statements).toBeLessThan(250);
    expect(
      await db
        .knex('campaign_recipients')
        .where({ campaignId: campaign.id })
        .whereNotNull('claimedBy')
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: '0' });
    expect(
      await db
        .knex('campaign_recipients')
        .where({ campaignId: campaign.id })
        .whereNull('sentAt')
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: '0' });
  });

  it('skips an address that unsubscribed after the audience was taken, and records a bounce', async () => {
    const campaign = await sendingCampaign('skip', 3);
    await db.knex('unsubscribes').insert({ email: 'skip-1@example.com' });
    const { mailer, sent } = fakeMailer((mail) => {
      if (mail.to === 'skip-2@example.com') throw Object.assign(new Error('550 No such user'), { responseCode: 550 });
    });
    await runCampaign(deps(mailer), campaign.id);
    expect(sent.map((m) => m.to).sort()).toEqual(['skip-0@example.com', 'skip-2@example.com']);
    const rows = await db.knex('campaign_recipients').where({ campaignId: campaign.id }).orderBy('email');
    expect(rows.map((r) => [r.email, r.status, r.lastError])).toEqual([
      ['skip-0@example.com', 'sent', null],
      ['skip-1@example.com', 'failed', 'unsubscribed'],
      ['skip-2@example.com', 'bounced', '550 No such user'],
    ]);
  });

  it('two runs at once share the campaign: every recipient exactly once, both finish', async () => {
    const campaign = await sendingCampaign('pair', 230);
    const { mailer, sent } = fakeMailer();
    await Promise.all([
      runCampaign(deps(mailer, { concurrency: 3 }), campaign.id),
      runCampaign(deps(mailer, { concurrency: 5 }), campaign.id),
    ]);
    expect(perAddress(sent).size).toBe(230);
    expect([...perAddress(sent).values()].every((n) => n === 1)).toBe(true);
    expect((await db.knex('campaigns').where({ id: campaign.id }).first()).status).toBe('sent');
  });

  it('rows a dead run claimed are sent by another run once their lease ran out, not before, and once each', async () => {
    const campaign = await sendingCampaign('dead', 30);
    // The dead run claimed everything and never came back.
    const claimed = await claimRecipients(db.knex, campaign.id, '11111111-1111-4111-8111-111111111111', 100, 600);
    expect(claimed).toHaveLength(30);
    const { rows } = await db.knex.raw(
      `select max(claimed_until) as until from campaign_recipients where campaign_id = ?`,
      [campaign.id],
    );
    const leaseEnd = new Date(rows[0].until).getTime();
    const sendTimes: number[] = [];
    const { mailer, sent } = fakeMailer(() => void sendTimes.push(Date.now()));
    await runCampaign(deps(mailer, { leaseMs: 600 }), campaign.id);
    expect(perAddress(sent).size).toBe(30);
    expect([...perAddress(sent).values()].every((n) => n === 1)).toBe(true);
    expect(Math.min(...sendTimes)).toBeGreaterThanOrEqual(leaseEnd);
    expect((await db.knex('campaigns').where({ id: campaign.id }).first()).status).toBe('sent');
  });

  it('a lease that ran out and was taken over is lost to the first run: renewing no longer returns its rows', async () => {
    const campaign = await sendingCampaign('lost', 4);
    const first = '22222222-2222-4222-8222-222222222222';
    const second = '33333333-3333-4333-8333-333333333333';
    const rows = await claimRecipients(db.knex, campaign.id, first, 2, 60_000);
    expect(rows).toHaveLength(2);
    // Live leases are passed over: the second run gets the other two only.
    expect((await claimRecipients(db.knex, campaign.id, second, 10, 60_000)).map((r) => r.id)).toEqual(
      (await db.knex('campaign_recipients').where({ campaignId: campaign.id, claimedBy: second }).orderBy('id')).map(
        (r) => r.id,
      ),
    );
    expect(await claimRecipients(db.knex, campaign.id, second, 10, 60_000)).toEqual([]);
    // The first run's lease runs out (it stalled); the second takes the rows over.
    await db
      .knex('campaign_recipients')
      .where({ claimedBy: first })
      .update({ claimedUntil: db.knex.raw(`now() - interval '1 second'`) });
    expect((await claimRecipients(db.knex, campaign.id, second, 10, 60_000)).map((r) => r.id).sort()).toEqual(
      rows.map((r) => r.id).sort(),
    );
    expect(
      await renewClaims(
        db.knex,
        campaign.id,
        first,
        rows.map((r) => r.id),
        60_000,
      ),
    ).toEqual(new Set());
    expect(
      await renewClaims(
        db.knex,
        campaign.id,
        second,
        rows.map((r) => r.id),
        60_000,
      ),
    ).toEqual(new Set(rows.map((r) => r.id)));
  });

  it('an aborted run stops promptly and hands its rows back, so the next run resumes at once without sending twice', async () => {
    const campaign = await sendingCampaign('abort', 120);
    const stop = new AbortController();
    const first = fakeMailer((_mail, count) => {
      if (count === 10) stop.abort();
    });
    await runCampaign(deps(first.mailer, { concurrency: 2, leaseMs: 60_000 }), campaign.id, stop.signal);
    expect(first.sent.length).toBeGreaterThanOrEqual(10);
    expect(first.sent.length).toBeLessThanOrEqual(11);
    expect(await progress(campaign.id)).toEqual({ sent: first.sent.length, pending: 120 - first.sent.length });
    expect(
      await db
        .knex('campaign_recipients')
        .where({ campaignId: campaign.id })
        .whereNotNull('claimedBy')
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: '0' });
    // A 60 s lease would hold the rows if they had not been handed back; this run finishes them now.
    const second = fakeMailer();
    await runCampaign(deps(second.mailer, { leaseMs: 60_000 }), campaign.id);
    const all = perAddress([...first.sent, ...second.sent]);
    expect(all.size).toBe(120);
    expect([...all.values()].every((n) => n === 1)).toBe(true);
  });

  it('a campaign that stops sending mid-way stops its run within the mails already under way', async () => {
    const campaign = await sendingCampaign('stopped', 150);
    // Counted when the stop commits, not when mail 5 went out: while the update waits for the database,
    // the other senders go on, as they should (a loaded machine let them send 8 more).
    let sentWhenStopped = Number.POSITIVE_INFINITY;
    const { mailer, sent } = fakeMailer(async (_mail, count) => {
      if (count !== 5) return;
      await db.knex('campaigns').where({ id: campaign.id }).update({ status: 'draft' });
      sentWhenStopped = sent.length;
    });
    await runCampaign(deps(mailer, { concurrency: 3 }), campaign.id);
    expect(sent.length).toBeGreaterThanOrEqual(5);
    // Each of the 3 senders starts at most one mail after that: its outcome's write then sees the stop.
    expect(sent.length).toBeLessThanOrEqual(sentWhenStopped + 3);
    expect(sent.length).toBeLessThan(150);
    expect((await db.knex('campaigns').where({ id: campaign.id }).first()).status).toBe('draft');
    expect(
      await db
        .knex('campaign_recipients')
        .where({ campaignId: campaign.id })
        .whereNotNull('claimedBy')
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: '0' });
  });

  it('an SMTP outage stops the run with its rows handed back and every mail sent so far recorded', async () => {
    const campaign = await sendingCampaign('outage', 40);
    const { mailer, sent } = fakeMailer((_mail, count) => {
      if (count >= 7) throw Object.assign(new Error('421 Service not available'), { responseCode: 421 });
    });
    await expect(runCampaign(deps(mailer, { concurrency: 2, leaseMs: 60_000 }), campaign.id)).rejects.toThrow('421');
    const counts = await progress(campaign.id);
    expect(counts.sent).toBe(6);
    expect(counts.pending).toBe(34);
    expect(
      await db
        .knex('campaign_recipients')
        .where({ campaignId: campaign.id })
        .whereNotNull('claimedBy')
        .count({ n: '*' })
        .first(),
    ).toEqual({ n: '0' });
    expect(sent.length).toBeLessThanOrEqual(8);
  });

  it('keeps to the configured rate across its senders', async () => {
    const campaign = await sendingCampaign('paced', 8);
    const times: number[] = [];
    const { mailer } = fakeMailer(() => void times.push(Date.now()));
    const started = Date.now();
    await runCampaign(deps(mailer, { concurrency: 4, ratePerSecond: 40 }), campaign.id);
    expect(times).toHaveLength(8);
    // 40 per second: the eighth slot is seven 25 ms gaps after the first, which is no earlier than the
    // start, however many senders there are. A lower bound only, so a busy machine cannot break it
    // (the gap between two sends could shrink when the first is delayed after its slot).
    expect(Math.max(...times) - started).toBeGreaterThanOrEqual(7 * 25 - 2);
  });

  it('a lease renewal and an outcome write on the same rows at the same time never deadlock', async () => {
    // The run's heartbeat renews its rows while its recorder writes outcomes of some of them. Each round: every
    // row renewed in one statement, and the outcomes of every other row written in another, in the opposite
    // order, on two connections at once (PostgreSQL detects a deadlock after deadlock_timeout, 1 s).
    for (let round = 0; round < 6; round++) {
      const campaign = await sendingCampaign(`race-${round}`, 400);
      const token = randomUUID();
      const rows = await claimRecipients(db.knex, campaign.id, token, 400, 60_000);
      const outcomes = rows
        .filter((_, i) => i % 2 === 0)
        .reverse()
        .map((row) => ({ id: row.id, status: 'sent' as const, sentAt: new Date(), lastError: null }));
      const [kept] = await Promise.all([
        renewClaims(
          db.knex,
          campaign.id,
          token,
          rows.map((row) => row.id),
          60_000,
        ),
        writeOutcomes(db.knex, campaign.id, outcomes),
      ]);
      // Either statement may go first: the renewal keeps every row still pending when it ran, at least the half
      // that was never written.
      expect(kept.size).toBeGreaterThanOrEqual(200);
      const sent = await db.knex('campaign_recipients').where({ campaignId: campaign.id, status: 'sent' }).count();
      expect(Number(sent[0]!.count)).toBe(200);
    }
  });
});
