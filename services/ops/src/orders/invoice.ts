import type { Knex } from 'knex';
import type { CreditNoteParams, IdParam } from '@mastering/contracts';
import { creditNotePdf, orderInvoicePdf } from '@mastering/orders';
import { NotFound, sendPdf, type RouteContext } from '@mastering/service-kit';

/** GET /api/admin/orders/:id/invoice — staff; the order's Tax Invoice or Receipt as a PDF (404 while unpaid). */
export const getOrderInvoice = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  const found = await orderInvoicePdf(knex, ctx.state.params.id);
  if (!found) throw new NotFound('This order has no invoice yet');
  sendPdf(ctx, found);
};

/** GET /api/admin/orders/:id/credit-notes/:creditNoteId — staff; one credit note of the order as a PDF (404 otherwise). */
export const getOrderCreditNote = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, CreditNoteParams>) => {
  const found = await creditNotePdf(knex, ctx.state.params.id, ctx.state.params.creditNoteId);
  if (!found) throw new NotFound('This order has no such credit note');
  sendPdf(ctx, found);
};
