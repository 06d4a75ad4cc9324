export { BaseModel } from './base';
export { User } from './user';
export { Session } from './session';
export { LoginCode, type CodePurpose } from './login-code';
export { Order } from './order';
export { OrderFile } from './order-file';
export { Payment } from './payment';
export { PaymentEvent } from './payment-event';
export { Setting } from './setting';
export { ShowcaseTrack } from './showcase-track';
export { Testimonial } from './testimonial';
export { EmailTemplate } from './email-template';
export { Campaign } from './campaign';
export { CampaignRecipient } from './campaign-recipient';
export { EmailMessage } from './email-message';
export { MarketingConsent } from './marketing-consent';
export { Unsubscribe } from './unsubscribe';
export { Upload } from './upload';
export { OrderStatusHistory } from './order-status-history';
export { FileAnalysis } from './file-analysis';
export { MixCheckRow } from './mix-check';
export { MasterVersion } from './master-version';
export { RevisionRequest } from './revision-request';
export { CustomerMessage } from './customer-message';
export { SettingsAudit } from './settings-audit';
export {
  CustomerSummaryRow,
  CustomerTotals,
  OrderDayStat,
  OrderStatusTotal,
  OrderFileTotal,
  PaymentDayStat,
} from './summaries';
export { Refund } from './refund';
export { RefundRequest } from './refund-request';
export { AdminDigest } from './admin-digest';
export { LegalDocumentVersion } from './legal-document-version';
export { Invoice, InvoiceCounter, type InvoiceLine, type InvoiceSeller } from './invoice';
export { DeletionRequest } from './deletion-request';
export { Erasure } from './erasure';
export { OrderRating } from './order-rating';
export { DiskReservation } from './disk-reservation';
export { IdempotencyKey, type IdempotencyScope, type KeyedAnswer } from './idempotency-key';
export { PackFile } from './pack-file';
export { Release, ReleaseMeasure, ReleaseTrack, ReleaseReference } from './release';
