import type { Knex } from 'knex';
import type { CreateOrderBody, CreditNoteParams, IdParam, OrderInvoiceQuery } from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import { orderPageUrl, type OrderLinks, type RouteContext } from '@mastering/service-kit';
import { visitorOf, type GuestCookieOptions } from '../visitor';
import { creditNotePdf, orderInvoicePdf } from '@mastering/orders';
import { NotFound, sendPdf } from '@mastering/service-kit';
import { assertOrderLink } from '../order-page/service';
import { answerOnce } from '../idempotency';
import { loadOwnOrder, orderForVisitor, placeOrder } from './service';

/**
 * POST /api/orders — public; places this browser's order from its own uploads, priced by the server
 * (analysed once paid). With an Idempotency-Key, a retry of the same order gets the first answer (one order).
 */
export const createOrder =
  (knex: Knex, queue: Queue, cookie: GuestCookieOptions) => async (ctx: RouteContext<CreateOrderBody>) => {
    const visitor = visitorOf(ctx, cookie);
    const body = ctx.state.body;
    ctx.body = await answerOnce(ctx, knex, 'orders', visitor, body, (db) =>
      placeOrder(db, queue, visitor, body, ctx.ip),
    );
    ctx.status = 201;
  };

/**
 * GET /api/orders/:id — the order for the outcome pages; only its own browser or staff (404 to anyone
 * else), with a signed link to its order page for its own browser only.
 */
export const getOrder =
  (knex: Knex, cookie: GuestCookieOptions, orderPage: { orderLinks: OrderLinks }) =>
  async (ctx: RouteContext<undefined, undefined, IdParam>) => {
    // The link of the order's current generation (staff revoking them moves it on).
    ctx.body = await orderForVisitor(knex, visitorOf(ctx, cookie), ctx.state.params.id, (order) =>
      orderPageUrl(orderPage.orderLinks, '', order.id, new Date(), order.linkVersion),
    );
  };

/**
 * Lets through the holder of the order page's link `t` (403 for a bad link) or, without one, whoever may
 * see the order (404 otherwise): who may download the order's invoice and credit notes.
 */
async function assertDocumentAccess(
  knex: Knex,
  ctx: RouteContext<undefined, OrderInvoiceQuery, { id: string }>,
  cookie: GuestCookieOptions,
  orderLinks: OrderLinks,
): Promise<void> {
  const { id } = ctx.state.params;
  const { t } = ctx.state.query;
  if (t === undefined) await loadOwnOrder(knex, visitorOf(ctx, cookie), id);
  else await assertOrderLink(knex, orderLinks, id, t);
}

/**
 * GET /api/orders/:id/invoice[?t=] — the order's Tax Invoice or Receipt as a PDF, to the holder of its order-page
 * link (403 for a bad link) or, without one, whoever may see the order (404 otherwise, or while unpaid).
 */
export const getOrderInvoice =
  (knex: Knex, cookie: GuestCookieOptions, orderPage: { orderLinks: OrderLinks }) =>
  async (ctx: RouteContext<undefined, OrderInvoiceQuery, IdParam>) => {
    await assertDocumentAccess(knex, ctx, cookie, orderPage.orderLinks);
    const found = await orderInvoicePdf(knex, ctx.state.params.id);
    if (!found) throw new NotFound('This order has no invoice yet');
    sendPdf(ctx, found);
  };

/**
 * GET /api/orders/:id/credit-notes/:creditNoteId[?t=] — one credit note of the order (a refund's) as a PDF,
 * with the same access as its invoice (404 for a credit note of another order).
 */
export const getOrderCreditNote =
  (knex: Knex, cookie: GuestCookieOptions, orderPage: { orderLinks: OrderLinks }) =>
  async (ctx: RouteContext<undefined, OrderInvoiceQuery, CreditNoteParams>) => {
    await assertDocumentAccess(knex, ctx, cookie, orderPage.orderLinks);
    const found = await creditNotePdf(knex, ctx.state.params.id, ctx.state.params.creditNoteId);
    if (!found) throw new NotFound('This order has no such credit note');
    sendPdf(ctx, found);
  };
