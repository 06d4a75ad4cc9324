// Keeps promises "free-revisions" and "revision-window-days" (packages/contracts/src/promises.ts).
import { describe, expect, it } from 'vitest';
import {
  CustomerOrderView,
  platformPlayback,
  DEFAULT_REVISION_HOURS,
  DELIVERY_HOURS,
  ORDER_LINK_INVALID,
  promiseOf,
  REVISION_ALREADY_REQUESTED,
  REVISION_NOT_DELIVERED,
  revisionsUsedUp,
  revisionWindowOver,
  TRACK_ORDERS_SENT,
  type OrderStatus,
} from '@mastering/contracts';
import { createOrderLinks, orderPageUrl } from '@mastering/service-kit';
import { SECRET, storefrontPerFile } from '../support';

const ctx = storefrontPerFile();
const links = createOrderLinks(SECRET);
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** An order as the other services leave it: paid, its history, and (once mastered) a v1 master per file. */
async function seed({
  status,
  email = 'artist@example.com',
  deliveredAgo = DAY,
}: {
  status: OrderStatus;
  email?: string;
  deliveredAgo?: number;
}) {
  const knex = ctx.db.knex;
  const paidAt = ago(deliveredAgo + DAY);
  const [{ id }] = await knex('orders')
    .insert({
      customerEmail: email,
      status,
      unitPriceCents: 49900,
      trackCount: 1,
      subtotalCents: 49900,
      totalCents: 49900,
      paidAt,
      // What changeOrderStatus keeps for it (promiseOf, first round).
      dueAt:
        promiseOf({ status, paidAt, expectedAt: null, roundStartedAt: null }, DEFAULT_REVISION_HOURS)?.dueAt ?? null,
      createdAt: ago(deliveredAgo + DAY + 60_000),
    })
    .returning('id');
  const [{ id: fileId }] = await knex('orderFiles')
    .insert({
      orderId: id,
      originalName: 'Sunset.wav',
      fileName: 'Sunset.wav',
      fileSize: 1000,
      originalFilePath: `/objects/00000000-0000-4000-8000-000000000001`,
      masteredFilePath: status === 'in_progress' ? null : '/objects/00000000-0000-4000-8000-000000000002',
    })
    .returning('id');
  const moves: [OrderStatus, OrderStatus, Date][] = [
    ['pending_payment', 'payment_confirmed', paidAt],
    ['payment_confirmed', 'in_progress', ago(deliveredAgo + DAY / 2)],
  ];
  if (status !== 'in_progress') {
    moves.push(['in_progress', 'mastered', ago(deliveredAgo + 1000)], ['mastered', 'delivered', ago(deliveredAgo)]);
    await knex('masterVersions').insert({
      fileId,
      version: 1,
      masteredFilePath: '/objects/00000000-0000-4000-8000-000000000002',
      createdAt: ago(deliveredAgo + 2000),
    });
  }
  await knex('orderStatusHistory').insert(
    moves.map(([fromStatus, toStatus, createdAt]) => ({ orderId: id, fromStatus, toStatus, createdAt })),
  );
  await knex('fileAnalyses').insert({
    fileId,
    role: 'original',
    analyserVersion: 't',
    status: 'ok',
    integratedLufs: -20.5,
    truePeakDbtp: -3,
    durationSeconds: 180,
    waveform: JSON.stringify([0.1, 0.5]),
    analysedAt: paidAt,
  });
  return { id: id as string, fileId: fileId as string, paidAt, token: tokenOf(id) };
}

const tokenOf = (orderId: string) => new URL(orderPageUrl(links, 'http://x', orderId)).searchParams.get('t')!;
const view = (id: string, token: string) => fetch(`${ctx.site.base}/api/orders/${id}/view?t=${token}`);
const revise = (id: string, body: object) =>
  fetch(`${ctx.site.base}/api/orders/${id}/revisions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the customer order page', () => {
  it('shows a delivered order to whoever holds its link: timeline, loudness, the master v1 and its links', async () => {
    const order = await seed({ status: 'delivered' });
    const res = await view(order.id, order.token);
    expect(res.status).toBe(200);
    const page = CustomerOrderView.parse(await res.json());
    expect(page.status).toBe('delivered');
    expect(page.timeline.map((t) => [t.step, t.at !== null])).toEqual([
      ['placed', true],
      ['paid', true],
      ['in_progress', true],
      ['delivered', true],
    ]);
    expect(page.dueAt).toBeNull();
    expect(page.revisions).toMatchObject({ free: 2, windowDays: 14, closedReason: null });
    const [track] = page.tracks;
    expect(track).toMatchObject({
      originalName: 'Sunset.wav',
      original: { integratedLufs: -20.5 },
      needsReplacing: null,
    });
    expect(track!.masters.map((m) => m.version)).toEqual([1]);
    expect(track!.masters[0]!.url).toMatch(/^\/api\/downloads\/file\/[\w-]+$/);
    expect(track!.originalUrl).toMatch(/^\/api\/downloads\/file\/[\w-]+$/);
  });

  it('refuses a forged link, another order’s link and no link (403 / 400), saying how to get a new one', async () => {
    const order = await seed({ status: 'delivered' });
    const other = await seed({ status: 'delivered' });
    for (const token of [other.token, `${order.token.slice(0, -2)}xx`]) {
      const res = await view(order.id, token);
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe(ORDER_LINK_INVALID);
    }
    expect((await fetch(`${ctx.site.base}/api/orders/${order.id}/view`)).status).toBe(400);
  });

  it('stops opening the order once staff revoked its links, and opens it with the new link', async () => {
    const order = await seed({ status: 'delivered', email: 'revoked@example.com' });
    expect((await view(order.id, order.token)).status).toBe(200);
    await ctx.db.knex('orders').where({ id: order.id }).update({ linkVersion: 1 });
    const refused = await view(order.id, order.token);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe(ORDER_LINK_INVALID);
    const renewed = new URL(orderPageUrl(links, 'http://x', order.id, new Date(), 1)).searchParams.get('t')!;
    expect((await view(order.id, renewed)).status).toBe(200);
  });

  it('gives a paid, undelivered order its due time (48 hours after payment) and hides unfinished masters', async () => {
    const order = await seed({ status: 'in_progress' });
    const page = CustomerOrderView.parse(await (await view(order.id, order.token)).json());
    expect(page.dueAt).toBe(new Date(order.paidAt.getTime() + DELIVERY_HOURS * 3_600_000).toISOString());
    expect(page.tracks[0]!.masters).toEqual([]);
    expect(page.revisions.closedReason).toBe(REVISION_NOT_DELIVERED);
  });
});

describe('master versions keep their own loudness', () => {
  it("shows each version's stored figures, so v1's survive v2's analysis replacing the file's master row", async () => {
    const knex = ctx.db.knex;
    const order = await seed({ status: 'delivered', email: 'versions@example.com' });
    await knex('masterVersions')
      .where({ fileId: order.fileId, version: 1 })
      .update({ integratedLufs: -9.5, truePeakDbtp: -1.2 });
    await knex('masterVersions').insert({
      fileId: order.fileId,
      version: 2,
      masteredFilePath: '/objects/00000000-0000-4000-8000-000000000003',
      integratedLufs: -8,
      truePeakDbtp: -1,
      createdAt: ago(60_000),
    });
    // The file's one master analysis row now measures v2 (written after v2 was confirmed).
    await knex('fileAnalyses').insert({
      fileId: order.fileId,
      role: 'master',
      analyserVersion: 't',
      status: 'ok',
      integratedLufs: -8,
      truePeakDbtp: -1,
      durationSeconds: 180,
      waveform: JSON.stringify([0.2, 0.9]),
      analysedAt: ago(30_000),
    });
    const page = CustomerOrderView.parse(await (await view(order.id, order.token)).json());
    expect(page.tracks[0]!.masters).toMatchObject([
      { version: 2, loudness: { integratedLufs: -8, truePeakDbtp: -1, durationSeconds: 180, waveform: [0.2, 0.9] } },
      { version: 1, loudness: { integratedLufs: -9.5, truePeakDbtp: -1.2 } },
    ]);
    // Only the analysed version has a streaming preview yet: none for v2 until its row has one, then its own.
    expect(page.tracks[0]!.masters.map((m) => m.streamingPreview ?? null)).toEqual([null, null]);
    const preview = {
      integratedLufs: -8,
      truePeakDbtp: -1,
      platforms: platformPlayback(-8, -1),
      codecs: [{ codec: 'mp3', label: 'MP3 320 kbps', truePeakDbtp: 0.4, overs: 12 }],
      oversAfterEncoding: true,
    };
    await knex('fileAnalyses')
      .where({ fileId: order.fileId })
      .update({ streamingPreview: JSON.stringify(preview) });
    const again = CustomerOrderView.parse(await (await view(order.id, order.token)).json());
    expect(again.tracks[0]!.masters.map((m) => m.streamingPreview ?? null)).toEqual([preview, null]);
  });
});

describe('revision requests', () => {
  it("mails each request once to the admins and the order's engineer, acknowledges it to the customer, and a refused one to nobody", async () => {
    const knex = ctx.db.knex;
    const [admin, engineer, other] = await knex('users')
      .insert([
        { email: 'Boss@example.com', role: 'admin', isActive: true },
        { email: 'sipho@example.com', role: 'engineer', isActive: true },
        { email: 'thandi@example.com', role: 'engineer', isActive: true },
      ])
      .returning('id');
    const order = await seed({ status: 'delivered', email: 'notify@example.com' });
    await knex('orders').where('id', order.id).update({ assignedTo: engineer.id });
    const staffMails = () => ctx.site.queued.filter((j) => j.data.template === 'revision-requested');
    ctx.site.queued.length = 0;
    const ask = () => revise(order.id, { t: order.token, fileId: order.fileId, note: 'Less reverb', atSeconds: 83 });
    expect((await ask()).status).toBe(201);
    expect(
      staffMails()
        .map((j) => j.data.to)
        .sort(),
    ).toEqual(['boss@example.com', 'sipho@example.com']);
    expect(staffMails()[0]!.data.data).toEqual({
      orderId: order.id,
      customerEmail: 'notify@example.com',
      fileName: 'Sunset.wav',
      round: 1,
      note: 'Less reverb',
      at: '1:23',
    });
    // Issue 50: the customer's own acknowledgement, naming the order so the worker adds its page's link.
    const acks = () => ctx.site.queued.filter((j) => j.data.template === 'revision-request-received');
    expect(acks().map((j) => j.data)).toMatchObject([
      { to: 'notify@example.com', orderId: order.id, data: { fileName: 'Sunset.wav', round: 1, note: 'Less reverb' } },
    ]);
    // The acknowledgement names the round's promise: the order's due time, 48 hours from the request.
    const dueAt = (await knex('orders').where({ id: order.id }).first()).dueAt as Date;
    expect(acks()[0]!.data.data.readyBy).toBe(dueAt.toISOString());
    expect(Math.abs(dueAt.getTime() - Date.now() - 48 * 3_600_000)).toBeLessThan(60_000);
    // Refused (the track waits for its new master): nobody is told again.
    expect((await ask()).status).toBe(409);
    expect(staffMails()).toHaveLength(2);
    expect(acks()).toHaveLength(1);
    await knex('users').whereIn('id', [admin.id, engineer.id, other.id]).delete();
  });

  it('sends the order back with a pinned note, counts rounds per track, and refuses more than the free ones', async () => {
    const order = await seed({ status: 'delivered' });
    const ask = (note: string) => revise(order.id, { t: order.token, fileId: order.fileId, note, atSeconds: 83 });
    let res = await ask('At 1:23 the kick is too loud');
    expect(res.status).toBe(201);
    let page = CustomerOrderView.parse(await res.json());
    expect(page).toMatchObject({ status: 'revision_requested', round: 1 });
    expect(page.tracks[0]!.revisions).toMatchObject([
      { round: 1, note: 'At 1:23 the kick is too loud', atSeconds: 83 },
    ]);
    const history = await ctx.db
      .knex('orderStatusHistory')
      .where({ orderId: order.id, toStatus: 'revision_requested' });
    expect(history).toMatchObject([{ fromStatus: 'delivered', changedBy: null }]);

    // One request at a time per track: the next waits for the new master.
    res = await ask('And the vocals');
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(REVISION_ALREADY_REQUESTED);

    // The engineer delivers v2 (ops' side, seeded here); the second round is allowed, a third is not.
    await ctx.db.knex('masterVersions').insert({ fileId: order.fileId, version: 2, masteredFilePath: '/objects/x' });
    await ctx.db.knex('orders').where('id', order.id).update({ status: 'delivered' });
    await ctx.db
      .knex('orderStatusHistory')
      .insert({ orderId: order.id, fromStatus: 'mastered', toStatus: 'delivered' });
    res = await ask('Brighter top end');
    expect(res.status).toBe(201);
    page = CustomerOrderView.parse(await res.json());
    expect(page.round).toBe(2);
    expect(page.tracks[0]!.masters.map((m) => m.version)).toEqual([2, 1]);
    await ctx.db.knex('masterVersions').insert({ fileId: order.fileId, version: 3, masteredFilePath: '/objects/y' });
    await ctx.db.knex('orders').where('id', order.id).update({ status: 'delivered' });
    res = await ask('One more');
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(revisionsUsedUp(2));
    expect(await ctx.db.knex('revisionRequests').where('orderId', order.id)).toHaveLength(2);
  });

  it('refuses a request after the window, before delivery, with a blank note or without the link, changing nothing', async () => {
    const late = await seed({ status: 'delivered', deliveredAgo: 15 * DAY });
    let res = await revise(late.id, { t: late.token, fileId: late.fileId, note: 'Too late?' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(revisionWindowOver(14));

    const working = await seed({ status: 'in_progress' });
    res = await revise(working.id, { t: working.token, fileId: working.fileId, note: 'Early' });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(REVISION_NOT_DELIVERED);

    const order = await seed({ status: 'delivered' });
    res = await revise(order.id, { t: order.token, fileId: order.fileId, note: '   ' });
    expect(res.status).toBe(400);
    res = await revise(order.id, { t: late.token, fileId: order.fileId, note: 'Not my order' });
    expect(res.status).toBe(403);
    expect(await ctx.db.knex('revisionRequests').whereIn('orderId', [late.id, working.id, order.id])).toEqual([]);
    expect((await ctx.db.knex('orders').where('id', order.id).first()).status).toBe('delivered');
  });
});

describe('Track my order', () => {
  const track = (email: string, ip = '203.0.113.9') =>
    fetch(`${ctx.site.base}/api/orders/track`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email }),
    });

  it('mails the address its orders (their ids: the worker mints the links) and answers the same for an unknown address', async () => {
    const order = await seed({ status: 'delivered', email: 'Tracker@Example.com' });
    const before = ctx.site.queued.length;
    let res = await track('tracker@example.com');
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(TRACK_ORDERS_SENT);
    const mails = ctx.site.queued.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({
      template: 'order-list',
      to: 'Tracker@Example.com',
      data: { orders: [{ orderId: order.id, shortId: order.id.slice(0, 8), status: 'Delivered' }] },
    });
    expect(JSON.stringify(mails[0]!.data)).not.toContain('?t=');

    res = await track('nobody@example.com');
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(TRACK_ORDERS_SENT);
    expect(ctx.site.queued.length).toBe(before + 1);
  });

  it('is rate-limited per address asked about', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await track('limited@example.com', `198.51.100.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
