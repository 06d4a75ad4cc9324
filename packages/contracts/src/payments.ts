import { z } from 'zod';
import { PaymentStatus } from './enum-schemas';

// Payment amounts are minor units (cents), divided by 100 for display (back-office spec §3).

/** POST /api/payment/create-checkout */
export const CreateCheckoutBody = z.object({ orderId: z.uuid('Not a valid order id') });
export type CreateCheckoutBody = z.infer<typeof CreateCheckoutBody>;

/** Its answer: the hosted checkout page to send the browser to. */
export const CheckoutResponse = z.object({ redirectUrl: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/** The three approved Yoco hosted-page prefixes (storefront spec §5). */
export const YOCO_REDIRECT_PREFIXES = [
  'https://pay.yoco.com/',
  'https://payments.yoco.com/',
  'https://c.yoco.com/checkout/',
] as const;

/** True when the browser may follow `url`: an approved prefix, or the sandbox's when it is in use. */
export function isApprovedRedirect(url: string | null | undefined, extraPrefixes: readonly string[] = []): boolean {
  if (!url) return false;
  return [...YOCO_REDIRECT_PREFIXES, ...extraPrefixes].some((prefix) => url.startsWith(prefix));
}

/** A payment as the back-office lists it. */
/**
 * Why a succeeded payment needs staff: it paid for an order that was cancelled or expired, or for one
 * already paid through another checkout. The order is never changed for it; refunding is the staff's call.
 */
export const PAYMENT_ATTENTION = ['order_cancelled', 'already_paid'] as const;
export const PaymentAttention = z.enum(PAYMENT_ATTENTION);
export type PaymentAttention = z.infer<typeof PaymentAttention>;
/** What staff read about each (the Payments badge's title and the admins' mail). */
export const PAYMENT_ATTENTION_TEXTS: Record<PaymentAttention, string> = {
  order_cancelled:
    'This payment is for an order that was cancelled or expired. The order was left as it is: refund the payment or reopen the order.',
  already_paid: 'This is a second payment for an order that was already paid. Refund one of them.',
};
/** The marker the Payments screen shows on such a payment. */
export const NEEDS_ATTENTION = 'Needs attention';

export const Payment = z.object({
  id: z.uuid(),
  paymentId: z.string().nullable(),
  orderId: z.uuid(),
  customerEmail: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  paymentMethod: z.string(),
  status: PaymentStatus,
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  /** Why staff must look at this payment (PAYMENT_ATTENTION_TEXTS), or null. */
  attention: PaymentAttention.nullable(),
});
export type Payment = z.infer<typeof Payment>;

/** Date ranges of the payments screen (days). */
export const PAYMENT_RANGES = [7, 30, 90, 365] as const;

/** GET /api/admin/payments?status=&days=&q= — q searches customer email, order id and payment id. */
export const PaymentsQuery = z.object({
  status: z.union([PaymentStatus, z.literal('all')]).default('all'),
  days: z.coerce
    .number()
    .pipe(
      z.union(
        PAYMENT_RANGES.map((d) => z.literal(d)) as [
          z.ZodLiteral<7>,
          z.ZodLiteral<30>,
          z.ZodLiteral<90>,
          z.ZodLiteral<365>,
        ],
      ),
    )
    .default(30),
  q: z.string().trim().max(200).optional(),
});
export type PaymentsQuery = z.infer<typeof PaymentsQuery>;

/** How many payments the Recent Payments list shows at most (newest first). */
export const RECENT_PAYMENTS_LIMIT = 100;

/**
 * Its answer. The cards and counts cover every payment in the date range that matches the search
 * (whatever the status filter); the list also applies the status filter. Revenue and the average are
 * rand over succeeded payments; successRate is succeeded / all, whole percent, 0 when there are none.
 */
export const PaymentSummary = z.object({
  totalRevenue: z.number(),
  totalTransactions: z.number().int(),
  averageOrderValue: z.number(),
  successRate: z.number().int(),
  successfulPayments: z.number().int(),
  pendingPayments: z.number().int(),
  failedPayments: z.number().int(),
  refundedPayments: z.number().int(),
  cancelledPayments: z.number().int(),
  recentPayments: z.array(Payment),
});
export type PaymentSummary = z.infer<typeof PaymentSummary>;

/** One webhook event received for a payment (the detail dialog's log). */
export const PaymentEventRow = z.object({
  eventId: z.string(),
  type: z.string(),
  receivedAt: z.string(),
  processedAt: z.string().nullable(),
});
export type PaymentEventRow = z.infer<typeof PaymentEventRow>;

/** GET /api/admin/payments/:id — one payment with the webhook events received for it, oldest first. */
export const PaymentDetail = Payment.extend({ failureReason: z.string().nullable(), events: z.array(PaymentEventRow) });
export type PaymentDetail = z.infer<typeof PaymentDetail>;

/** Labels of the payment statuses (succeeded is shown as Successful). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  succeeded: 'Successful',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/** The Yoco webhook event the storefront accepts (payment.succeeded / failed / cancelled, refund.succeeded). */
export const YocoWebhookEvent = z.object({
  id: z.string(),
  type: z.string(),
  createdDate: z.string().optional(),
  payload: z.object({
    id: z.string(),
    type: z.string().optional(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.string().optional(),
    /** A refund's payment (refund events only). */
    paymentId: z.string().optional(),
    metadata: z
      .object({ checkoutId: z.string().optional(), orderId: z.string().optional() })
      .catchall(z.unknown())
      .optional(),
    paymentMethodDetails: z.object({ type: z.string().optional() }).optional(),
  }),
});
export type YocoWebhookEvent = z.infer<typeof YocoWebhookEvent>;

/** The body the storefront sends to Yoco's POST /api/checkouts (and the local sandbox accepts): amount in cents. */
export const YocoCheckoutRequest = z.object({
  amount: z.number().int().positive(),
  currency: z.literal('ZAR'),
  successUrl: z.url(),
  cancelUrl: z.url(),
  failureUrl: z.url(),
  externalId: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type YocoCheckoutRequest = z.infer<typeof YocoCheckoutRequest>;

/** Yoco's answer to it; only the fields the storefront reads are checked, the rest pass through. */
export const YocoCheckout = z.looseObject({
  id: z.string(),
  redirectUrl: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type YocoCheckout = z.infer<typeof YocoCheckout>;

// Server answers about payments (not spec texts).
export const ORDER_ALREADY_PAID = 'This order is already paid.';
export const ORDER_NOT_PAYABLE = 'This order can no longer be paid.';
export const PAYMENT_PROVIDER_FAILED = 'The payment provider could not start the checkout. Please try again.';
export const UNAPPROVED_REDIRECT =
  'The payment provider answered an unexpected payment page. Please try again or contact support.';
export const WEBHOOK_SIGNATURE_INVALID = 'Invalid webhook signature';
export const WEBHOOK_UNKNOWN_CHECKOUT = 'Unknown checkout';
export const WEBHOOK_AMOUNT_MISMATCH = 'Amount or currency does not match the checkout';
export const WEBHOOK_REFUND_MISMATCH = 'Refund amount or currency does not match the payment';

/** The answer to a webhook delivery: processed now, or already seen (a replay changes nothing). */
export const WebhookAck = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type WebhookAck = z.infer<typeof WebhookAck>;

/** The outcome page Yoco sends the browser back to, with the order id in its query. */
export type PaymentOutcome = 'success' | 'cancelled' | 'failed';
/** `${publicUrl}/payment/${outcome}?orderId=...`: where the browser lands after Yoco's hosted page. */
export const paymentReturnUrl = (publicUrl: string, outcome: PaymentOutcome, orderId: string) =>
  `${publicUrl}/payment/${outcome}?orderId=${encodeURIComponent(orderId)}`;
export const PAYMENT_NOT_FOUND = 'Payment not found';
export const RESUME_LINK_INVALID = 'This payment link is not valid or has expired. Please place your order again.';
