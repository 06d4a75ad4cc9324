import { describe, expect, it } from 'vitest';
import {
  CustomerOrderView,
  ORDER_LINK_INVALID,
  RATING_ALREADY_GIVEN,
  RATING_NOT_DELIVERED,
  RATING_STARS_RANGE,
  type OrderStatus,
} from '@mastering/contracts';
import { createOrderLinks, orderPageUrl } from '@mastering/service-kit';
import { insertOneTrackOrder, SECRET, storefrontPerFile } from '../support';

const ctx = storefrontPerFile();
const links = createOrderLinks(SECRET);

/** A paid order in `status`; delivered once when `delivered`. */
async function seed(status: OrderStatus, delivered: boolean) {
  const knex = ctx.db.knex;
  const id = await insertOneTrackOrder(knex, status);
  const moves: [OrderStatus, OrderStatus][] = [['pending_payment', 'payment_confirmed']];
  if (delivered) moves.push(['payment_confirmed', 'delivered']);
  await knex('orderStatusHistory').insert(
    moves.map(([fromStatus, toStatus]) => ({ orderId: id, fromStatus, toStatus })),
  );
  const token = new URL(orderPageUrl(links, 'http://x', id)).searchParams.get('t')!;
  return { id, token };
}

const rate = (id: string, body: object) =>
  fetch(`${ctx.site.base}/api/orders/${id}/rating`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const ratingsOf = (orderId: string) => ctx.db.knex('orderRatings').where({ orderId });

describe('rating the delivered masters from the order page', () => {
  it('stores one rating per order, consent unticked unless ticked, and the page shows it', async () => {
    const order = await seed('delivered', true);
    const res = await rate(order.id, { t: order.token, stars: 5, comment: '  Loud and clear!  ' });
    expect(res.status).toBe(201);
    const page = CustomerOrderView.parse(await res.json());
    expect(page.rating).toMatchObject({ stars: 5, comment: 'Loud and clear!', publishConsent: false });
    const view = await fetch(`${ctx.site.base}/api/orders/${order.id}/view?t=${order.token}`);
    expect(CustomerOrderView.parse(await view.json()).rating?.stars).toBe(5);
  });

  it('refuses a second rating, changing nothing', async () => {
    const order = await seed('delivered', true);
    expect((await rate(order.id, { t: order.token, stars: 2, publishConsent: true })).status).toBe(201);
    const again = await rate(order.id, { t: order.token, stars: 5 });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toBe(RATING_ALREADY_GIVEN);
    expect(await ratingsOf(order.id)).toMatchObject([{ stars: 2, publishConsent: true }]);
  });

  it('refuses before delivery, with a bad star count, or without the order’s link', async () => {
    const open = await seed('in_progress', false);
    const early = await rate(open.id, { t: open.token, stars: 4 });
    expect(early.status).toBe(409);
    expect((await early.json()).error).toBe(RATING_NOT_DELIVERED);

    const order = await seed('delivered', true);
    for (const stars of [0, 6, 2.5]) {
      const bad = await rate(order.id, { t: order.token, stars });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await bad.json())).toContain(RATING_STARS_RANGE);
    }
    const other = await seed('delivered', true);
    const forged = await rate(order.id, { t: other.token, stars: 5 });
    expect(forged.status).toBe(403);
    expect((await forged.json()).error).toBe(ORDER_LINK_INVALID);
    expect(await ratingsOf(order.id)).toEqual([]);
    expect(await ratingsOf(open.id)).toEqual([]);
  });
});
