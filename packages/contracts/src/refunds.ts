import { z } from 'zod';
import { ORDER_LINK_INVALID } from './customer-orders';
import { formatCents } from './format';
import { RefundStatus } from './refund-status';
import { addWorkingDays } from './working-days';

export * from './refund-status';

// Refunds (issue 25 Deliver 4). Staff issue a refund of a paid order through Yoco: the amount (the whole
// of what is left by default, or part of it) and a reason. Amounts in the API are rand, as the order's;
// the database keeps cents.

export const REFUND_REASON_REQUIRED = 'Please give a reason for the refund.';
export const REFUND_AMOUNT_INVALID = 'Enter an amount in rand greater than zero (at most two decimals).';

/**
 * Where the admin's refunds live: the storefront's, since it owns orders' money and holds Yoco's keys
 * (issue 52: a prefix of their own, beside /api/admin/refund-requests, so the gateway needs no exception).
 */
export const REFUNDS_PATH = '/api/admin/refunds';
/** The refunds of order `orderId`: GET reads them and what is left to refund, POST issues one. */
export const orderRefundsPath = (orderId: string) => `${REFUNDS_PATH}/orders/${orderId}`;

/** POST /api/admin/refunds/orders/:id — admin; the amount defaults to everything not yet refunded. */
export const CreateRefundBody = z.object({
  amount: z
    .number(REFUND_AMOUNT_INVALID)
    .positive(REFUND_AMOUNT_INVALID)
    .multipleOf(0.01, REFUND_AMOUNT_INVALID)
    .optional(),
  reason: z.string(REFUND_REASON_REQUIRED).trim().min(1, REFUND_REASON_REQUIRED).max(500),
});
export type CreateRefundBody = z.infer<typeof CreateRefundBody>;

/** A credit note as a refund names it: its id (for its PDF's URL) and its number ("CN-000001"). */
export const CreditNoteRef = z.object({ id: z.uuid(), number: z.string() });
export type CreditNoteRef = z.infer<typeof CreditNoteRef>;

/** One refund as staff see it; `creditNote` once it succeeded (the credit note mailed to the customer). */
export const Refund = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  amount: z.number(),
  currency: z.string(),
  reason: z.string(),
  status: RefundStatus,
  failureReason: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  creditNote: CreditNoteRef.nullable(),
});
export type Refund = z.infer<typeof Refund>;

/**
 * GET /api/admin/refunds/orders/:id: the order's refunds (newest first), what was paid, what has been
 * refunded (succeeded), what is still on its way (pending) and what may be refunded now (`refundable`: 0
 * while a refund is on its way or the order's status allows none).
 */
export const OrderRefunds = z.object({
  paid: z.number(),
  refunded: z.number(),
  pending: z.number(),
  refundable: z.number(),
  refunds: z.array(Refund),
});
export type OrderRefunds = z.infer<typeof OrderRefunds>;

// Server answers about refunds.
export const ORDER_NOT_REFUNDABLE = 'Only a paid order can be refunded.';
export const REFUND_ALREADY_PENDING = 'A refund of this order is already on its way. Wait for Yoco to finish it.';
/** Why a refund failed, as staff read it. */
export const REFUND_REFUSED_BY_YOCO = 'Yoco refused the refund call.';
export const REFUND_FAILED_AT_YOCO = 'Yoco reported that the refund failed (the bank refused it).';
export const REFUND_PROVIDER_FAILED = 'Yoco did not accept the refund. Nothing was refunded; please try again.';
/** The refund asks for more than is left of the payment. */
export const refundTooLarge = (leftCents: number) =>
  leftCents === 0
    ? 'This order has already been refunded in full.'
    : `At most ${formatCents(leftCents)} is left to refund on this order.`;
/** The history's notes on a refund. */
export const refundIssuedNote = (cents: number, reason: string) =>
  `Refund of ${formatCents(cents)} issued through Yoco: ${reason}`;
export const refundSucceededNote = (cents: number, full: boolean) =>
  `${full ? 'Refunded in full' : 'Partly refunded'}: ${formatCents(cents)}.`;
export const refundFailedNote = (cents: number, why: string) => `The refund of ${formatCents(cents)} failed: ${why}`;

/** What the storefront sends to Yoco's POST /api/checkouts/{id}/refund (amount in cents). */
export const YocoRefundRequest = z.object({
  amount: z.number().int().positive(),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type YocoRefundRequest = z.infer<typeof YocoRefundRequest>;

/** Yoco's 202 answer to it: the refund is under way, its outcome comes by webhook. */
export const YocoRefundAccepted = z.looseObject({
  id: z.string(),
  refundId: z.string(),
  status: z.string(),
  message: z.string().optional(),
});
export type YocoRefundAccepted = z.infer<typeof YocoRefundAccepted>;

/** Yoco's GET /api/checkouts/{id}: what reconciliation reads when a payment's webhook never came. */
export const YocoCheckoutState = z.looseObject({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  paymentId: z.string().nullable().optional(),
});
export type YocoCheckoutState = z.infer<typeof YocoCheckoutState>;

// A customer's refund request ("Not happy?" on the order page): a message staff must answer, never an
// automatic refund.

export const REFUND_REQUEST_MESSAGE_REQUIRED = 'Please tell us what went wrong.';

/** POST /api/orders/:id/refund-request — public with the order link's token. */
export const CreateRefundRequestBody = z.object({
  token: z.string().min(1, ORDER_LINK_INVALID).max(2000),
  message: z.string(REFUND_REQUEST_MESSAGE_REQUIRED).trim().min(1, REFUND_REQUEST_MESSAGE_REQUIRED).max(2000),
});
export type CreateRefundRequestBody = z.infer<typeof CreateRefundRequestBody>;

/** What staff may answer a refund request: approve it (an admin then refunds) or decline it with a reason. */
export const REFUND_REQUEST_DECISIONS = ['approved', 'declined'] as const;
export type RefundRequestDecision = (typeof REFUND_REQUEST_DECISIONS)[number];

/** A refund request as staff see it. */
export const RefundRequest = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  customerEmail: z.string(),
  message: z.string(),
  /** What staff decided (null while open): approved means the order will be refunded. */
  decision: z.enum(REFUND_REQUEST_DECISIONS).nullable(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  /** When the answer is due: one working day after the request (refundRequestAnswerBy). */
  answerBy: z.string(),
  /** Still open past `answerBy` (as of the server's clock when it answered). */
  overdue: z.boolean(),
});
export type RefundRequest = z.infer<typeof RefundRequest>;
export const RefundRequestList = z.array(RefundRequest);

export const REFUND_REQUEST_ANSWER_REQUIRED = 'Please write an answer to the customer.';
export const REFUND_REQUEST_DECISION_REQUIRED = 'Choose whether to approve the refund or decline it.';
/** POST /api/admin/refund-requests/:id/answer — staff; the decision and answer are mailed to the customer. */
export const AnswerRefundRequestBody = z.object({
  decision: z.enum(REFUND_REQUEST_DECISIONS, REFUND_REQUEST_DECISION_REQUIRED),
  answer: z.string(REFUND_REQUEST_ANSWER_REQUIRED).trim().min(1, REFUND_REQUEST_ANSWER_REQUIRED).max(4000),
});
export type AnswerRefundRequestBody = z.infer<typeof AnswerRefundRequestBody>;
export const REFUND_REQUEST_RECEIVED =
  'Thank you. We have your request and will answer by email within one working day.';
export const REFUND_REQUEST_ALREADY_ANSWERED = 'This request has already been answered.';
/** What the order page's request answers (429) past the requests one order may send in a day. */
export const TOO_MANY_REFUND_REQUESTS =
  'We already have several requests about this order today and will answer them by email. Please wait before sending another.';
/** The answer to the customer's request (201): what the order page shows. */
export const RefundRequestReceived = z.object({ message: z.literal(REFUND_REQUEST_RECEIVED) });
export type RefundRequestReceived = z.infer<typeof RefundRequestReceived>;
/** How many working days (Monday to Friday, studio time) the studio takes to answer a refund request. */
export const REFUND_REQUEST_ANSWER_WORKING_DAYS = 1;
/** When the answer to a request made at `createdAt` is due (REFUND_REQUEST_RECEIVED promises it). */
export const refundRequestAnswerBy = (createdAt: Date): Date =>
  addWorkingDays(createdAt, REFUND_REQUEST_ANSWER_WORKING_DAYS);

/** Which requests the Refund requests screen lists: the open ones, or every one. */
export const REFUND_REQUEST_STATES = ['open', 'all'] as const;
/** How many answered requests the list shows at most (the newest); open ones are always all shown. */
export const ANSWERED_REFUND_REQUESTS_SHOWN = 100;
/**
 * GET /api/admin/refund-requests — staff; with `orderId`, one order's requests, else every order's (the
 * Refund requests screen): open ones first (the longest waiting first), then the newest answered.
 */
export const RefundRequestsQuery = z.object({
  orderId: z.uuid('Not a valid order').optional(),
  state: z.enum(REFUND_REQUEST_STATES, 'Choose open or all').default('all'),
});
export type RefundRequestsQuery = z.infer<typeof RefundRequestsQuery>;

/** GET /api/admin/refund-requests/count (REFUND_REQUEST_COUNT_PATH) — staff; the open requests and how many are overdue. */
export const RefundRequestCount = z.object({
  open: z.number().int().nonnegative(),
  overdue: z.number().int().nonnegative(),
});
export type RefundRequestCount = z.infer<typeof RefundRequestCount>;
/** The Refund requests screen's texts (the order dialog's section shares its rows). */
export const REFUND_REQUEST_TEXTS = {
  description:
    'What customers wrote with "Not happy?" on their order page. We promise an answer within one working day (Monday to Friday); the answer is mailed to the customer.',
  fetchFailed: 'Failed to fetch refund requests',
  empty: 'No refund requests.',
  emptyOpen: 'No open refund requests: every customer has an answer.',
  overdue: 'Overdue',
  answerBy: (time: string) => `Answer by ${time}`,
  adminsAnswer: 'An admin answers this request.',
  showOpen: 'Open',
  showAll: 'All',
} as const;

/** The count's words, for the sidebar's tooltip and the dashboard: "3 open refund requests, 1 overdue". */
export const refundRequestCountText = ({ open, overdue }: RefundRequestCount) =>
  `${open} open refund request${open === 1 ? '' : 's'}${overdue ? `, ${overdue} overdue` : ''}`;
