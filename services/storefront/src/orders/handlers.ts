import type { Knex } from 'knex';
import type { CreateOrderBody, IdParam, OrderInvoiceQuery } from '@mastering/contracts';
import { orderPageUrl, type OrderLinks, type RouteContext } from '@mastering/service-kit';
import { visitorOf, type GuestCookieOptions } from '../visitor';
import { orderInvoicePdf } from '@mastering/orders';
import { NotFound } from '@mastering/service-kit';
import { assertOrderLink } from '../order-page/service';
import { loadOwnOrder, orderForVisitor, placeOrder } from './service';

/** POST /api/orders — public; places this browser's order from its own uploads, priced by the server (analysed once paid). */
export const createOrder = (knex: Knex, cookie: GuestCookieOptions) => async (ctx: RouteContext<CreateOrderBody>) => {
  ctx.status = 201;
  ctx.body = await placeOrder(knex, visitorOf(ctx, cookie), ctx.state.body, ctx.ip);
};

/**
 * GET /api/orders/:id — the order for the outcome pages; only its own browser or staff (404 to anyone
 * else), with a signed link to its order page for its own browser only.
 */
export const getOrder =
  (knex: Knex, cookie: GuestCookieOptions, orderPage: { orderLinks: OrderLinks }) =>
  async (ctx: RouteContext<undefined, undefined, IdParam>) => {
    ctx.body = await orderForVisitor(knex, visitorOf(ctx, cookie), ctx.state.params.id, (id) =>
      orderPageUrl(orderPage.orderLinks, '', id),
    );
  };

/**
 * GET /api/orders/:id/invoice[?t=] — the order's Tax Invoice or Receipt as a PDF, to the holder of its order-page
 * link (403 for a bad link) or, without one, whoever may see the order (404 otherwise, or while unpaid).
 */
export const getOrderInvoice =
  (knex: Knex, cookie: GuestCookieOptions, orderPage: { orderLinks: OrderLinks }) =>
  async (ctx: RouteContext<undefined, OrderInvoiceQuery, IdParam>) => {
    const { id } = ctx.state.params;
    const { t } = ctx.state.query;
    if (t === undefined) await loadOwnOrder(knex, visitorOf(ctx, cookie), id);
    else assertOrderLink(orderPage.orderLinks, id, t);
    const found = await orderInvoicePdf(knex, id);
    if (!found) throw new NotFound('This order has no invoice yet');
    ctx.type = 'application/pdf';
    ctx.attachment(found.filename);
    ctx.body = found.pdf;
  };
