import { z } from 'zod';
import { OrderStatus } from './enums';
import { FILL_REQUIRED, INVALID_EMAIL } from './messages';

// Customers are grouped by order email (no account needed to order). Money is whole rand:
// the VIP rule compares totalSpent with R2000 (see customerStatus in format.ts).

/** One customer (by email) with their order history; GET /api/admin/customers answers a plain array. Money in rand. */
export const CustomerSummary = z.object({
  email: z.string(),
  totalOrders: z.number().int(),
  totalSpent: z.number(),
  averageOrderValue: z.number(),
  firstOrderDate: z.string().nullable(),
  lastOrderDate: z.string().nullable(),
  orders: z.array(z.object({ id: z.uuid(), createdAt: z.string(), fileCount: z.number().int(), total: z.number(), status: OrderStatus })),
});
export type CustomerSummary = z.infer<typeof CustomerSummary>;
export const CustomerList = z.array(CustomerSummary);

/** Message types of the Send Message dialog. */
export const MESSAGE_TYPES = ['support', 'marketing', 'technical'] as const;

/** The `:email` route parameter of a customer (customers are known by their order email). */
export const CustomerEmailParam = z.object({ email: z.string().trim().pipe(z.email(INVALID_EMAIL)) });
export type CustomerEmailParam = z.infer<typeof CustomerEmailParam>;

/** POST /api/admin/customers/:email/message */
export const SendMessageBody = z.object({
  subject: z.string().trim().min(1, FILL_REQUIRED).max(200),
  message: z.string().trim().min(1, FILL_REQUIRED).max(10_000),
  type: z.enum(MESSAGE_TYPES).default('support'),
});
export type SendMessageBody = z.infer<typeof SendMessageBody>;
