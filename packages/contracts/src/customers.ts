import { z } from 'zod';
import { OrderStatus } from './enum-schemas';
import { FILL_REQUIRED, INVALID_EMAIL } from './messages';

// Customers are everyone who ordered (grouped by order email, lower-cased: guests need no account)
// plus accounts with the customer role that never ordered (they are the "inactive" customers).
// Spending counts paid orders only (payment confirmed and later, never cancelled); money is whole
// rand at the API edge (cents in the database). The VIP rule compares totalSpent with R2000
// (customerStatus in format.ts; the SQL filter uses the same threshold in cents).

/** A customer's derived status: vip above R2000 spent, active with a paid order, else inactive. */
export const CUSTOMER_STATUSES = ['active', 'inactive', 'vip'] as const;
export const CustomerStatus = z.enum(CUSTOMER_STATUSES);
export type CustomerStatus = z.infer<typeof CustomerStatus>;

/** One row of the customer list: totals over paid orders; dates over every order placed. */
export const CustomerRow = z.object({
  email: z.string(),
  /** The account's name parts when the customer has an account, else null. */
  name: z.string().nullable(),
  userId: z.uuid().nullable(),
  status: CustomerStatus,
  totalOrders: z.number().int(),
  totalSpent: z.number(),
  averageOrderValue: z.number(),
  firstOrderDate: z.string().nullable(),
  lastOrderDate: z.string().nullable(),
});
export type CustomerRow = z.infer<typeof CustomerRow>;

/** One order in a customer's history (money in rand). */
export const CustomerOrder = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  fileCount: z.number().int(),
  total: z.number(),
  status: OrderStatus,
});
export type CustomerOrder = z.infer<typeof CustomerOrder>;

/** GET /api/admin/customers/:email — one customer with every order they placed, newest first. */
export const CustomerSummary = CustomerRow.extend({ orders: z.array(CustomerOrder) });
export type CustomerSummary = z.infer<typeof CustomerSummary>;

/** Sort keys of the customer list; each maps to one column in the service. */
export const CUSTOMER_SORTS = ['email', 'totalOrders', 'totalSpent', 'lastOrderDate'] as const;

/**
 * GET /api/admin/customers?q=&status=&sort=&dir=&offset=&limit= — search (email contains), status
 * filter and sort on the server. Without offset and limit the answer is the spec's plain array (capped
 * at 1000 rows); with either it is the envelope `{ items, count, offset, limit }`.
 */
export const CustomersQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: CustomerStatus.or(z.literal('all')).default('all'),
  sort: z.enum(CUSTOMER_SORTS).default('lastOrderDate'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  // The same bounds as PageQuery, without its defaults: leaving both out asks for the plain array.
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type CustomersQuery = z.infer<typeof CustomersQuery>;

/** The paged answer of GET /api/admin/customers. */
export const CustomerPage = z.object({
  items: z.array(CustomerRow),
  count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type CustomerPage = z.infer<typeof CustomerPage>;
export const CustomerList = z.array(CustomerRow);

/** GET /api/admin/customers/stats — the five cards (money in rand): active includes VIPs. */
export const CustomerStats = z.object({
  totalCustomers: z.number().int(),
  activeCustomers: z.number().int(),
  vipCustomers: z.number().int(),
  averageOrderValue: z.number(),
  totalRevenue: z.number(),
});
export type CustomerStats = z.infer<typeof CustomerStats>;

/** Labels of the five customer cards. */
export const CUSTOMER_STAT_LABELS: Record<keyof CustomerStats, string> = {
  totalCustomers: 'Total Customers',
  activeCustomers: 'Active Customers',
  vipCustomers: 'VIP Customers',
  averageOrderValue: 'Avg Order Value',
  totalRevenue: 'Total Revenue',
};

/** Message types of the Send Message dialog. */
export const MESSAGE_TYPES = ['support', 'marketing', 'technical'] as const;
export const MessageType = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof MessageType>;

/** The `:email` route parameter of a customer (customers are known by their order email). */
export const CustomerEmailParam = z.object({ email: z.string().trim().pipe(z.email(INVALID_EMAIL)) });
export type CustomerEmailParam = z.infer<typeof CustomerEmailParam>;

/** POST /api/admin/customers/:email/message */
export const SendMessageBody = z.object({
  subject: z.string({ error: FILL_REQUIRED }).trim().min(1, FILL_REQUIRED).max(200),
  message: z.string({ error: FILL_REQUIRED }).trim().min(1, FILL_REQUIRED).max(10_000),
  type: MessageType.default('support'),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;

/** Its answer: the message is queued for the mail worker (job id in the outbox). */
export const MessageQueued = z.object({ ok: z.literal(true), jobId: z.string() });
export type MessageQueued = z.infer<typeof MessageQueued>;

/** Columns of the customer CSV export (GET /api/admin/customers/export, same filters as the list). */
export const CUSTOMER_CSV_COLUMNS = [
  'email',
  'name',
  'status',
  'totalOrders',
  'totalSpent',
  'averageOrderValue',
  'firstOrderDate',
  'lastOrderDate',
] as const;

// Server answers about customers (not spec texts).
export const CUSTOMER_NOT_FOUND_MESSAGE = 'Customer not found';
