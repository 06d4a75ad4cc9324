export {
  changeOrderStatus,
  dueAtFor,
  promiseFor,
  ORDER_LINK_HOLDER,
  SYSTEM,
  type OrderActor,
  type OrderMail,
  type OrderMove,
  type StatusChange,
} from './status';
export { issueInvoice, orderInvoicePdf } from './invoices';
export {
  creditNotePdf,
  issueCreditNote,
  issueRefundCreditNote,
  type CreditNoteRequest,
  type SucceededRefund,
} from './credit-notes';
export { renderInvoicePdf } from './invoice-pdf';
export { publishRating, rateOrder, wasDelivered } from './ratings';
export { pdfText } from './pdf-text';
export { eraseOwnedRows, ownerErasureRoute } from './erasure';
export { neutralInvoiceLines, withoutPersonalFields } from './anonymise';
