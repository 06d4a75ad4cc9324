/**
 * The text of a PDF as renderInvoicePdf makes it (pdfkit, uncompressed): its hex-encoded text runs,
 * decoded and joined by lines. For reading an issued document back (the vitest and the mail journey);
 * not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const runs = [...pdf.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)].map((m) =>
    [...m[1]!.matchAll(/<([0-9a-f]+)>/gi)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''),
  );
  return runs.join('\n');
}
