// The enumerations' values, labels and types, without zod: the shell and the home page take their
// lists and labels from here without loading it. Their zod schemas are in enum-schemas.ts.

/** Order lifecycle, in the order an order normally moves through it. */
export const ORDER_STATUSES = [
  'pending_payment',
  'payment_confirmed',
  'in_progress',
  'mastered',
  'delivered',
  'revision_requested',
  'cancelled',
  'refund_pending',
  'refunded',
  'expired',
] as const;
type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Human labels for order statuses, as the back-office shows them. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Pending Payment',
  payment_confirmed: 'Payment Confirmed',
  in_progress: 'In Progress',
  mastered: 'Mastered',
  delivered: 'Delivered',
  revision_requested: 'Revision Requested',
  cancelled: 'Cancelled',
  refund_pending: 'Refund Pending',
  refunded: 'Refunded',
  expired: 'Expired',
};

/** Processing status of one uploaded audio file. */
export const FILE_STATUSES = ['uploaded', 'processing', 'completed', 'error'] as const;

/** Payment status; `succeeded` is shown as Successful. */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled', 'refunded'] as const;

/** Marketing campaign status. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'failed'] as const;

/** Who may do what: customers order, engineers master, admins run everything. */
export const ROLES = ['customer', 'engineer', 'admin'] as const;
type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { customer: 'Customer', engineer: 'Engineer', admin: 'Administrator' };

/** Staff run the back-office: the roles the admin guard, the gateway and the services let in. */
export const STAFF_ROLES = ['admin', 'engineer'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** True for a role that may enter the back-office (admin or engineer). */
export function isStaffRole(role: Role | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly (Role | null | undefined)[]).includes(role);
}

/** Mastering options a customer picks per track. */
export const MASTERING_STYLES = ['Custom', 'Modern', 'Vintage', 'Analog'] as const;
export const TONES = ['WARM', 'BALANCED', 'OPEN'] as const;
export const LOUDNESS_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;

/** Showcase genres; Electronic is the form's default. */
export const GENRES = [
  'Electronic',
  'Rock',
  'Jazz',
  'Pop',
  'Hip-Hop',
  'R&B',
  'Country',
  'Classical',
  'Blues',
  'Folk',
] as const;

/** Email template types grouped by the categories the template screen shows. */
export const TEMPLATE_CATEGORIES = {
  'Account & Onboarding': ['welcome_email', 'email_verification', 'password_reset', 'profile_completion_reminder'],
  'Ordering & Payment': ['order_confirmation', 'payment_receipt', 'order_failed_payment_declined', 'refund_processed'],
  'Mastering Workflow': [
    'track_upload_confirmation',
    'order_in_progress',
    'mastering_complete',
    'order_delayed',
    'engineer_notes',
  ],
  'Support & Trust': ['support_ticket_created', 'support_ticket_resolved', 'faq_help_guide'],
  'Marketing & Retention': [
    'before_after_showcase',
    'special_offer_discount',
    'feedback_request',
    're_engagement_inactive_users',
    'upsell_cross_sell',
    'newsletter',
  ],
  'Legal & Compliance': ['privacy_policy_update', 'data_download_deletion_confirmation'],
  General: ['promotion', 'announcement', 'custom'],
} as const;
export type TemplateCategory = keyof typeof TEMPLATE_CATEGORIES;
export const TEMPLATE_TYPES = Object.values(TEMPLATE_CATEGORIES).flat() as [
  (typeof TEMPLATE_CATEGORIES)[TemplateCategory][number],
  ...(typeof TEMPLATE_CATEGORIES)[TemplateCategory][number][],
];

/** Campaign templates and audiences offered by the New Campaign form. */
export const CAMPAIGN_TEMPLATES = ['newsletter', 'promotion', 'announcement', 'custom'] as const;
export const RECIPIENT_TYPES = ['all', 'active', 'vip', 'custom'] as const;

/** The eight transactional test-email templates and the fields each requires. */
export const TEST_EMAIL_TEMPLATES = {
  'order-confirmation': ['customerEmail', 'customerName', 'orderId', 'trackTitle', 'amount'],
  'mastering-complete': ['customerEmail', 'customerName', 'orderId', 'trackTitle', 'downloadUrl'],
  'payment-receipt': [
    'customerEmail',
    'customerName',
    'orderId',
    'trackTitle',
    'amount',
    'paymentMethod',
    'transactionId',
  ],
  'upload-confirmation': ['customerEmail', 'customerName', 'orderId', 'fileCount', 'fileNames'],
  'payment-failed': ['customerEmail', 'customerName', 'orderId', 'trackTitle', 'amount', 'reason'],
  'mastering-started': ['customerEmail', 'customerName', 'orderId', 'trackTitle', 'estimatedCompletion'],
  'admin-new-order': ['orderId', 'customerEmail', 'trackTitle', 'amount'],
  'download-expiry-reminder': ['customerEmail', 'customerName', 'orderId', 'trackTitle', 'expiryDate', 'downloadUrl'],
} as const;
export type TestEmailTemplate = keyof typeof TEST_EMAIL_TEMPLATES;

/** Email outbox states: queued before SMTP is tried, so nothing is lost when it is down. */
export const EMAIL_MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/** Theme preference stored in the browser; dark by default (storefront spec §9). */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
