import { z } from 'zod';
import { ORDER_STATUS_LABELS } from './enums';
import { Genre, Loudness, MasteringStyle, OrderStatus, Tone, FileStatus, type Role } from './enum-schemas';
import { Pricing } from './pricing';
import { RevisionView } from './customer-orders';
import { TextBoolean, TextBooleanInput } from './common';
import { INVALID_EMAIL, NO_EMAIL, NO_FILES, UPLOAD_INCOMPLETE } from './messages';
import { TERMS_REQUIRED } from './consent';
import { DELIVERY_HOURS } from './constants';
import { ReleasePackChoice } from './release-pack';
import { ReleaseInput } from './releases';

// Order money (subtotal, discount, total) is whole rand, as the storefront's client shows it and the
// back-office prints it "as given"; the database keeps cents. File sizes are bytes.

/** One file of an order request (storefront spec §3), with the spec's defaults. */
export const OrderFileInput = z.object({
  originalName: z.string().min(1).max(255),
  fileName: z.string().min(1).max(255),
  fileSize: z.number().int().positive(),
  mimeType: z.string().min(1).default('audio/mpeg'),
  originalFilePath: z.string().min(1, UPLOAD_INCOMPLETE),
  masteringStyle: MasteringStyle.default('Custom'),
  tone: Tone.default('BALANCED'),
  loudness: Loudness.default('LOW'),
  volumeMatch: TextBooleanInput.default('false'),
  /** Optional, from the showcase genre list, so analytics can group orders by genre. */
  genre: Genre.optional(),
});
export type OrderFileInput = z.infer<typeof OrderFileInput>;

/** The order the upload form checks before the review step: who, which files, at which price. */
export const OrderDraft = z.object({
  customerEmail: z.string().trim().min(1, NO_EMAIL).pipe(z.email(INVALID_EMAIL)),
  files: z.array(OrderFileInput).min(1, NO_FILES).max(50),
  pricing: Pricing,
});
export type OrderDraft = z.infer<typeof OrderDraft>;

/** POST /api/orders: the reviewed order with the customer's consent. */
export const CreateOrderBody = OrderDraft.extend({
  /** The required tick (TERMS_CONSENT_TEXT): without it the server places no order, so nothing can be paid. */
  termsAccepted: z.literal(true, { error: TERMS_REQUIRED }),
  /** The separate marketing box; unticked unless the customer ticks it. */
  marketingConsent: z.boolean().default(false),
  /** The release pack's formats and each track's metadata (release-pack.ts); priced by the server. */
  releasePack: ReleasePackChoice.optional(),
  /** An EP or album over the files (issue 55); absent for singles. */
  release: ReleaseInput.optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

/** An order file as the APIs answer it (also the admin's audio file, see audio-files.ts). */
export const OrderFile = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  originalName: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  mimeType: z.string(),
  masteringStyle: MasteringStyle,
  tone: Tone,
  loudness: Loudness,
  volumeMatch: TextBoolean,
  processingStatus: FileStatus,
  processingNotes: z.string().nullable(),
  processedAt: z.string().nullable(),
  uploadedAt: z.string(),
  masteredFilePath: z.string().nullable(),
  /** When the customer replaced a flagged upload from the order page (see track-replacement.ts), else null. */
  replacedAt: z.string().nullable().optional(),
});
export type OrderFile = z.infer<typeof OrderFile>;

/** An order (storefront success page, admin lists). */
export const Order = z.object({
  id: z.uuid(),
  customerEmail: z.string(),
  status: OrderStatus,
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  trackCount: z.number().int(),
  discountPercent: z.number(),
  createdAt: z.string(),
  files: z.array(OrderFile),
});
export type Order = z.infer<typeof Order>;

/** POST /api/orders answer. */
export const CreateOrderResponse = z.object({ order: Order.pick({ id: true, status: true, total: true }) });
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;

/**
 * The order as GET /api/orders/:id answers it to anyone holding its id (the payment success page):
 * the order and what each file is, without the engineers' notes or storage paths.
 */
export const PublicOrder = Order.omit({ files: true }).extend({
  files: z.array(
    OrderFile.pick({
      id: true,
      originalName: true,
      fileSize: true,
      masteringStyle: true,
      tone: true,
      loudness: true,
      volumeMatch: true,
      processingStatus: true,
    }),
  ),
});
export type PublicOrder = z.infer<typeof PublicOrder>;

/**
 * GET /api/orders/:id answer, wrapped like the create answer so `data.order` reads the same; with the
 * order page's signed link (site-relative), so the browser that paid can open it like the mail's link.
 */
export const OrderResponse = z.object({ order: PublicOrder, orderPageUrl: z.string().optional() });
export type OrderResponse = z.infer<typeof OrderResponse>;

/** PATCH /api/admin/orders/:id/status */
export const UpdateOrderStatusBody = z.object({ status: OrderStatus, notes: z.string().max(2000).optional() });
export type UpdateOrderStatusBody = z.infer<typeof UpdateOrderStatusBody>;

/** Its answer (the spec says only "JSON"): the updated order. */
export const UpdateOrderStatusResponse = z.object({ order: Order });
export type UpdateOrderStatusResponse = z.infer<typeof UpdateOrderStatusResponse>;

/** GET /api/orders/customer/:userId: a plain array (the profile page reads it as such). */
export const CustomerOrders = z.array(Order);

/** GET /api/admin/orders: a plain array (the Order Management screen filters on the client). */
export const OrderList = z.array(Order);

// Server answers about orders (not spec texts: the spec leaves server-side validation open).
/** The browser's summary differs from the server's price: the order is refused (409). */
export const priceChanged = (total: number, trackCount: number) =>
  `The price has changed: ${trackCount} track${trackCount === 1 ? '' : 's'} now cost R${total} in total. Please review your order and try again.`;
/** A file of the order is not an upload of this browser (or no upload at all). */
export const fileNotUploadedHere = (name: string) =>
  `${name} was not uploaded from this browser. Please upload it again.`;
/** A file of the order is still uploading. */
export const fileStillUploading = (name: string) => `${name} has not finished uploading. Please wait for it to finish.`;
/** A file already belongs to another order. */
export const fileAlreadyOrdered = (name: string) =>
  `${name} is already part of an order. Please upload it again for a new order.`;
export const DUPLICATE_ORDER_FILE = 'The same uploaded file is listed twice in this order.';

/**
 * The header a client sends with an order (and its checkout) so a retry after a lost answer is applied
 * once: one random value per order attempt, the same on every retry of that attempt.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_INVALID =
  'The Idempotency-Key header must be 1 to 255 visible characters (letters, digits, punctuation; no spaces).';
/** An Idempotency-Key: 1 to 255 visible ASCII characters (a UUID fits). */
export const IdempotencyKey = z.string().regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_KEY_INVALID);
/** The request headers of a write that may be retried (an order, its checkout): the key is optional. */
export const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: IdempotencyKey.optional().describe(
    'One random value per attempt, the same on every retry of it: a retry whose answer was lost gets the first answer (header Idempotent-Replayed) and changes nothing; within 24 hours.',
  ),
});
/** A key sent again with another request: refused (422), nothing changes. */
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request. Send a new key for a new order.';

// ---- Fulfilment (back-office): lists with paging, status rules, history, deadlines, assignment ----

/**
 * Who makes a move: staff by their role, the customer from the order page's link, or the system by
 * itself (a paid checkout, the expiry of an unpaid order, a refund an admin issued through Yoco and its
 * webhook's outcome).
 */
export type OrderMover = 'admin' | 'engineer' | 'customer' | 'system';

const STAFF = ['admin', 'engineer'] as const satisfies readonly OrderMover[];
const ADMIN = ['admin'] as const satisfies readonly OrderMover[];
const SYSTEM = ['system'] as const satisfies readonly OrderMover[];

/**
 * Every status change an order may make and who may make it: the one list of moves (the services, the
 * Update Status form and the model-based test of the order all read it). A refund staff issue is the
 * system's move (it acts for the admin; the history names them) from every paid status, a revision round
 * included; while it is pending only its webhook moves the order: a full refund ends `refunded`, a partial
 * one or a failure goes back where the order was. Payment is normally confirmed by the webhook; an admin
 * may confirm a payment received another way. A delivered order may be reopened by staff for a new
 * master, or sent back by its customer with a revision request (an admin may record one received by mail),
 * which staff take up again. `expired` is an unpaid order never paid in time: final, like `cancelled`.
 */
export const ORDER_MOVES: Readonly<Record<OrderStatus, Partial<Record<OrderStatus, readonly OrderMover[]>>>> = {
  pending_payment: { payment_confirmed: ['system', 'admin'], cancelled: ADMIN, expired: SYSTEM },
  payment_confirmed: { in_progress: STAFF, cancelled: ADMIN, refund_pending: SYSTEM },
  in_progress: { mastered: STAFF, payment_confirmed: ADMIN, cancelled: ADMIN, refund_pending: SYSTEM },
  mastered: { delivered: STAFF, in_progress: STAFF, refund_pending: SYSTEM },
  delivered: { in_progress: STAFF, revision_requested: ['customer', 'admin'], refund_pending: SYSTEM },
  revision_requested: { in_progress: STAFF, refund_pending: SYSTEM },
  cancelled: {},
  refund_pending: {
    refunded: SYSTEM,
    payment_confirmed: SYSTEM,
    in_progress: SYSTEM,
    mastered: SYSTEM,
    delivered: SYSTEM,
    revision_requested: SYSTEM,
  },
  refunded: {},
  expired: {},
};

/** The statuses an order may move to from each status (ORDER_MOVES without the movers). */
export const ORDER_TRANSITIONS = Object.fromEntries(
  Object.entries(ORDER_MOVES).map(([from, moves]) => [from, Object.keys(moves)]),
) as unknown as Readonly<Record<OrderStatus, readonly OrderStatus[]>>;

/** True when an order may move from `from` to `to` (by someone). */
export const canTransition = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

/** True when `mover` may make the move from `from` to `to`. */
export const moverMay = (mover: OrderMover, from: OrderStatus, to: OrderStatus) =>
  (ORDER_MOVES[from][to] ?? []).includes(mover);

/**
 * The statuses of the mastering work itself (working, mastered, delivered; a revision reopens
 * `in_progress`). Engineers move orders only into these; payment and cancellation are the admins'.
 */
export const MASTERING_STATUSES = ['in_progress', 'mastered', 'delivered'] as const satisfies readonly OrderStatus[];

/**
 * Statuses only the system enters, never a person (ORDER_MOVES lists no one else for any move into
 * them): a refund staff issue through Yoco (`refund_pending`, then the webhook's outcome) and the expiry
 * of an unpaid order.
 */
export const AUTOMATIC_STATUSES = ['refund_pending', 'refunded', 'expired'] as const satisfies readonly OrderStatus[];

/** The changes `role` may make from `from`, in ORDER_MOVES' order (what the Update Status form offers). */
export function transitionsFor(role: Role, from: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[from].filter((to) => moverMay(role, from, to));
}

/** True when `role` may move an order from `from` to `to` (an allowed change that is also the role's to make). */
export const roleCanTransition = (role: Role, from: OrderStatus, to: OrderStatus) => moverMay(role, from, to);

/** The 403 message when a staff member tries a change that is not their role's. */
export const transitionNotForRole = (to: OrderStatus) =>
  `Only an admin can mark an order ${ORDER_STATUS_LABELS[to]}: engineers move orders only through the mastering work (In Progress, Mastered, Delivered).`;

/** The 400 message of a refused status change. */
export function invalidTransition(from: OrderStatus, to: OrderStatus): string {
  const allowed = ORDER_TRANSITIONS[from];
  const label = (s: OrderStatus) => ORDER_STATUS_LABELS[s];
  if (from === to) return `The order is already ${label(from)}.`;
  return allowed.length === 0
    ? `A ${label(from)} order cannot change status.`
    : `An order that is ${label(from)} cannot become ${label(to)}. It can become: ${allowed.map(label).join(', ')}.`;
}
export const DELIVERY_NEEDS_MASTERS =
  'Every file of this order needs a mastered file before the order can be delivered.';

/** Statuses whose 48-hour clock is running: paid and not yet delivered. */
export const OPEN_ORDER_STATUSES = [
  'payment_confirmed',
  'in_progress',
  'mastered',
] as const satisfies readonly OrderStatus[];
/**
 * Orders that brought money in: the open paid ones, the delivered, those back with the engineers for a
 * revision, and a refund Yoco has not finished (ops figures and the summary triggers of migrations 014,
 * 020 and 021 agree on it). A revision has no 48-hour clock of its own: the promise was the first master,
 * so it is not in OPEN_ORDER_STATUSES (whose clock runs from payment and would show every revision
 * overdue); staff find it by its own status filter.
 */
export const PAID_ORDER_STATUSES = [
  ...OPEN_ORDER_STATUSES,
  'delivered',
  'revision_requested',
  'refund_pending',
] as const satisfies readonly OrderStatus[];
/**
 * Statuses in which an order's promise runs: paid and not yet delivered (a revision round passes through
 * in progress and mastered too), or waiting on its revision round. A pending refund pauses it; delivered
 * and the final statuses end it.
 */
export const PROMISE_STATUSES = [
  ...OPEN_ORDER_STATUSES,
  'revision_requested',
] as const satisfies readonly OrderStatus[];

/** What the promise of an order is computed from: its status, payment, engineer's time and revision round. */
export type PromiseInputs = {
  status: OrderStatus;
  paidAt: Date | string | null;
  /** The engineer's expected time for the current round, if they set one. */
  expectedAt: Date | string | null;
  /** When the current revision round began (null: the first delivery is the promise). */
  roundStartedAt: Date | string | null;
};

/**
 * The due time of an order: the one function the order page, the admin flags, the dashboard, the
 * late-order mail and the digest read (through the `orders.due_at` it keeps). The first delivery is
 * promised DELIVERY_HOURS after payment, a revision round `revisionHours` after its request (Settings ->
 * Revisions); the engineer's expected time, when set, replaces the round's promise. Null when no promise
 * runs (unpaid, delivered, refund pending, ended). `promisedAt` is the round's promise before any
 * expected time: an expected time past it is a delay, and the customer is told.
 */
export function promiseOf(order: PromiseInputs, revisionHours: number): { promisedAt: Date; dueAt: Date } | null {
  if (!order.paidAt || !(PROMISE_STATUSES as readonly OrderStatus[]).includes(order.status)) return null;
  const promisedAt = order.roundStartedAt
    ? new Date(new Date(order.roundStartedAt).getTime() + revisionHours * 3_600_000)
    : new Date(new Date(order.paidAt).getTime() + DELIVERY_HOURS * 3_600_000);
  return { promisedAt, dueAt: order.expectedAt ? new Date(order.expectedAt) : promisedAt };
}

/**
 * True when moving from `from` to `to` begins a new round of the work: the order leaves `delivered`
 * for more work (a customer's revision request, or staff reopening it). The round gets its own promise.
 */
export const startsRound = (from: OrderStatus, to: OrderStatus) =>
  from === 'delivered' && (to === 'revision_requested' || to === 'in_progress');

/** An order due within this many hours is flagged (dashboard and list). */
export const DUE_SOON_HOURS = 12;
/** Where a paid order stands against its 48 hours: null when the clock does not run. */
export const Deadline = z.enum(['on_track', 'due_soon', 'overdue']);
export type Deadline = z.infer<typeof Deadline>;

/** The deadline flag of an order due at `dueAt` (null: no running clock), as seen at `now`. */
export function deadlineOf(dueAt: Date | string | null, now: Date = new Date()): Deadline | null {
  if (!dueAt) return null;
  const left = new Date(dueAt).getTime() - now.getTime();
  if (left <= 0) return 'overdue';
  return left <= DUE_SOON_HOURS * 3_600_000 ? 'due_soon' : 'on_track';
}

/** An order as the back-office sees it: the order plus its clock and its engineer. */
export const AdminOrder = Order.extend({
  paidAt: z.string().nullable(),
  /** paidAt + 48 h while the order is open (paid, not delivered or cancelled); else null. */
  dueAt: z.string().nullable(),
  deadline: Deadline.nullable(),
  assignedTo: z.uuid().nullable(),
  assignedToEmail: z.string().nullable(),
  fileCount: z.number().int(),
  /** When the engineer expects to deliver (set in the order dialog; the late-orders mail quotes it), or null. */
  expectedAt: z.string().nullable().optional(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

export const ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc', 'due'] as const;
export const OrderSort = z.enum(ORDER_SORTS);
export type OrderSort = z.infer<typeof OrderSort>;
export const ORDER_SORT_LABELS: Record<OrderSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  total_desc: 'Highest total',
  total_asc: 'Lowest total',
  due: 'Due soonest',
};

const page = z.coerce
  .number()
  .int('Page must be a whole number')
  .min(1, 'Page must be 1 or more')
  .max(100_000)
  .optional();
const pageSize = z.coerce
  .number()
  .int('Page size must be a whole number')
  .min(1, 'Page size must be 1 or more')
  .max(200, 'Page size must be at most 200')
  .optional();
const flag = z.enum(['true', 'false'], 'Must be true or false').optional();
/** Paging of the admin lists: both optional; with neither the answer is the spec's plain array. */
export const ListPageQuery = z.object({ page, pageSize });
export type ListPageQuery = z.infer<typeof ListPageQuery>;
/** The page size when only `page` is given. */
export const DEFAULT_PAGE_SIZE = 25;
/** True when a list query asks for a page (so the answer is the paged shape). */
export const wantsPage = (q: ListPageQuery) => q.page !== undefined || q.pageSize !== undefined;

/** GET /api/admin/orders and /api/admin/orders/export: search (email or id), filters, sort, paging. */
export const AdminOrdersQuery = ListPageQuery.extend({
  q: z.string().trim().max(200, 'Search is too long').optional(),
  status: OrderStatus.or(z.literal('all')).default('all'),
  /** 'true': only orders assigned to the caller. */
  mine: flag,
  /** Only open orders due within 12 hours, or already overdue. */
  deadline: z.enum(['due_soon', 'overdue']).optional(),
  sort: OrderSort.default('newest'),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;

/** The order counters (SQL aggregates over every order, whatever the filter). */
export const OrderCounts = z.object({
  total: z.number().int(),
  byStatus: z.record(OrderStatus, z.number().int()),
  dueSoon: z.number().int(),
  overdue: z.number().int(),
});
export type OrderCounts = z.infer<typeof OrderCounts>;

/** GET /api/admin/orders with page/pageSize: one page of the filtered list, its total and the counters. */
export const AdminOrderPage = z.object({
  items: z.array(AdminOrder),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: OrderCounts,
});
export type AdminOrderPage = z.infer<typeof AdminOrderPage>;
/** GET /api/admin/orders without paging: the spec's plain array. */
export const AdminOrderList = z.array(AdminOrder);

/** One row of an order's status history (who, when, from, to, note). */
export const OrderStatusChange = z.object({
  id: z.uuid(),
  fromStatus: OrderStatus.nullable(),
  toStatus: OrderStatus,
  changedBy: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderStatusChange = z.infer<typeof OrderStatusChange>;

/** A revision request as staff see it: which track, which round, what should change and where. */
export const StaffRevision = RevisionView.extend({ fileId: z.uuid(), fileName: z.string() });
export type StaffRevision = z.infer<typeof StaffRevision>;

/** Whether a master version's loudness is known: measured, its analysis still to come, or none will come (it failed, or a later version's replaced it). */
export const MASTER_MEASUREMENTS = ['measured', 'measuring', 'not_measured'] as const;
export const MasterMeasurement = z.enum(MASTER_MEASUREMENTS);
export type MasterMeasurement = z.infer<typeof MasterMeasurement>;

/** One master version of an order file as staff see it: its number and its own measured loudness. */
export const StaffMasterVersion = z.object({
  fileId: z.uuid(),
  version: z.number().int().positive(),
  createdAt: z.string(),
  integratedLufs: z.number().nullable(),
  truePeakDbtp: z.number().nullable(),
  measurement: MasterMeasurement,
});
export type StaffMasterVersion = z.infer<typeof StaffMasterVersion>;
/** What the order dialog says of a version without figures. */
export const MASTER_MEASUREMENT_TEXTS: Record<Exclude<MasterMeasurement, 'measured'>, string> = {
  measuring: 'measuring…',
  not_measured: 'not measured',
};

/**
 * GET /api/admin/orders/:id: the order with its files, its status history (newest change first), its
 * customer's revision requests (newest first) and every master version of its files (per file, v1 first).
 */
export const AdminOrderDetail = z.object({
  order: AdminOrder,
  history: z.array(OrderStatusChange),
  revisions: z.array(StaffRevision).default([]),
  masters: z.array(StaffMasterVersion).default([]),
});
export type AdminOrderDetail = z.infer<typeof AdminOrderDetail>;

/** PATCH /api/admin/orders/:id/assignee: take the order ('me') or let it go ('nobody'). */
export const AssignOrderBody = z.object({ assignee: z.enum(['me', 'nobody'], 'Assignee must be me or nobody') });
export type AssignOrderBody = z.infer<typeof AssignOrderBody>;

export const EXPECTED_AT_INVALID = 'Enter a date and time, or clear the field.';
/** PATCH /api/admin/orders/:id/expected-at: the engineer's expected delivery time, or null to clear it. */
export const ExpectedAtBody = z.object({
  expectedAt: z.iso.datetime({ offset: true, error: EXPECTED_AT_INVALID }).nullable(),
});
export type ExpectedAtBody = z.infer<typeof ExpectedAtBody>;

/** The columns of the orders CSV export, in order. */
export const ORDER_CSV_COLUMNS = [
  'id',
  'customerEmail',
  'status',
  'createdAt',
  'paidAt',
  'dueAt',
  'subtotal',
  'discount',
  'total',
  'fileCount',
  'assignedToEmail',
] as const;

/** The answer of a status change or an assignment: the order as the back-office sees it now. */
export const AdminOrderResponse = z.object({ order: AdminOrder });
export type AdminOrderResponse = z.infer<typeof AdminOrderResponse>;
