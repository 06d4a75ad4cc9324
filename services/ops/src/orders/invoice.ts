import type { Knex } from 'knex';
import type { CreditNoteParams, IdParam } from '@mastering/contracts';
import { creditNotePdf, orderInvoicePdf } from '@mastering/orders';
import { NotFound, type RouteContext } from '@mastering/service-kit';

/** Answers an issued document as a PDF attachment under its number. */
function sendPdf(ctx: RouteContext<undefined, undefined, IdParam>, found: { filename: string; pdf: Buffer }) {
  ctx.type = 'application/pdf';
  ctx.attachment(found.filename);
  ctx.body = found.pdf;
}

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
