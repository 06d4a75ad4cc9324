import type { Context } from 'koa';

/** An issued document ready to send: its file name (its number) and its PDF bytes. */
export type PdfDocument = { filename: string; pdf: Buffer };

/** Answers an issued document (an invoice, a credit note) as a PDF attachment under its file name. */
export function sendPdf(ctx: Context, { filename, pdf }: PdfDocument): void {
  ctx.type = 'application/pdf';
  ctx.attachment(filename);
  ctx.body = pdf;
}
