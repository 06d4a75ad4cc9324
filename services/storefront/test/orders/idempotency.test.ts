// Keeps promise "order-retry-within-24-hours" (packages/contracts/src/promises.ts).
// An order sent again with its Idempotency-Key (its answer lost to a cut connection, a gateway or a
// replica killed mid-request) gets the first answer: one order, however the retries race.
import { describe, expect, it } from 'vitest';
import {
  computePricing,
  CreateOrderResponse,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_REUSED,
  pricingForApi,
} from '@mastering/contracts';
import { forgetOldIdempotencyKeys, IDEMPOTENCY_KEY_HOURS } from '../../src/idempotency';
import { storefrontPerFile, uploadWhole, wav } from '../support';

const ctx = storefrontPerFile();

const postOrder = (body: unknown, cookie: string, key?: string) =>
  fetch(`${ctx.site.base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    body: JSON.stringify(body),
  });
const orderOf = (objectPath: string, customerEmail = 'thandi@example.com') => ({
  customerEmail,
  files: [
    {
      originalName: 'Take.wav',
      fileName: 'Take.wav',
      fileSize: 1,
      mimeType: 'audio/wav',
      originalFilePath: objectPath,
    },
  ],
  pricing: pricingForApi(computePricing(1)),
  termsAccepted: true,
});
const count = async (table: string) => Number((await ctx.db.knex(table).count({ n: '*' }))[0]!.n);

describe('POST /api/orders with an Idempotency-Key', () => {
  it('places one order for two concurrent requests and one later with the same key, all answered alike', async () => {
    const { cookie, objectPath } = await uploadWhole(ctx.site, wav(1234));
    const before = await count('orders');
    const body = orderOf(objectPath);
    const [first, second] = await Promise.all([postOrder(body, cookie, 'k-1'), postOrder(body, cookie, 'k-1')]);
    const later = await postOrder(body, cookie, 'k-1');
    const answers = [first, second, later];
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(answers.map(async (r) => CreateOrderResponse.parse(await r.json()).order.id));
    expect(new Set(ids).size).toBe(1);
    expect(await count('orders')).toBe(before + 1);
    // Two of the three were replays of the first answer, and say so.
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
  });

  it('refuses the same key with another order (422), and a malformed key (400), changing nothing', async () => {
    const a = await uploadWhole(ctx.site, wav(1000));
    const b = await uploadWhole(ctx.site, wav(2000), { cookie: a.cookie });
    expect((await postOrder(orderOf(a.objectPath), a.cookie, 'k-2')).status).toBe(201);
    const before = await count('orders');
    const reused = await postOrder(orderOf(b.objectPath), a.cookie, 'k-2');
    expect(reused.status).toBe(422);
    expect((await reused.json()).error).toBe(IDEMPOTENCY_KEY_REUSED);
    const malformed = await postOrder(orderOf(b.objectPath), a.cookie, 'has space');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toBe(IDEMPOTENCY_KEY_INVALID);
    expect(await count('orders')).toBe(before);
    // The upload is still free for a new key.
    expect((await postOrder(orderOf(b.objectPath), a.cookie, 'k-3')).status).toBe(201);
  });

  it("keeps browsers' keys apart: another browser's same key places its own order", async () => {
    const a = await uploadWhole(ctx.site, wav(1500));
    const b = await uploadWhole(ctx.site, wav(2500));
    const first = CreateOrderResponse.parse(await (await postOrder(orderOf(a.objectPath), a.cookie, 'same')).json());
    const other = await postOrder(orderOf(b.objectPath), b.cookie, 'same');
    expect(other.status).toBe(201);
    expect(CreateOrderResponse.parse(await other.json()).order.id).not.toBe(first.order.id);
  });

  it('runs a retry whose first try failed: nothing was kept of it', async () => {
    const { cookie, objectPath } = await uploadWhole(ctx.site, wav(1800));
    const wrongPrice = { ...orderOf(objectPath), pricing: pricingForApi(computePricing(2)) };
    expect((await postOrder(wrongPrice, cookie, 'k-4')).status).toBe(409);
    expect((await postOrder(wrongPrice, cookie, 'k-4')).status).toBe(409);
    expect(await count('idempotency_keys')).toBeGreaterThan(0);
    expect(await ctx.db.knex('idempotency_keys').where('key', 'k-4')).toEqual([]);
  });

  it('places an order without a key as before', async () => {
    const { cookie, objectPath } = await uploadWhole(ctx.site, wav(1700));
    expect((await postOrder(orderOf(objectPath), cookie)).status).toBe(201);
  });

  it('forgets keys a day old (the upkeep), keeping newer ones', async () => {
    const { cookie, objectPath } = await uploadWhole(ctx.site, wav(1900));
    expect((await postOrder(orderOf(objectPath), cookie, 'k-5')).status).toBe(201);
    const [row] = await ctx.db.knex('idempotency_keys').where('key', 'k-5');
    const created = new Date(row.createdAt).getTime();
    await forgetOldIdempotencyKeys(ctx.db.knex, new Date(created + IDEMPOTENCY_KEY_HOURS * 3_600_000 - 1000));
    expect(await ctx.db.knex('idempotency_keys').where('key', 'k-5')).toHaveLength(1);
    await forgetOldIdempotencyKeys(ctx.db.knex, new Date(created + IDEMPOTENCY_KEY_HOURS * 3_600_000 + 1000));
    expect(await ctx.db.knex('idempotency_keys').where('key', 'k-5')).toEqual([]);
  });
});
