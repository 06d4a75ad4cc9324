import type { Knex } from 'knex';
import type { IdParam } from '@mastering/contracts';
import { orderInvoicePdf } from '@mastering/orders';
import { NotFound, type RouteContext } from '@mastering/service-kit';

/** GET /api/admin/orders/:id/invoice — staff; the order's Tax Invoice or Receipt as a PDF (404 while unpaid). */
export const getOrderInvoice = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  const found = await orderInvoicePdf(knex, ctx.state.params.id);
  if (!found) throw new NotFound('This order has no invoice yet');
  ctx.type = 'application/pdf';
  ctx.attachment(found.filename);
  ctx.body = found.pdf;
};
