import { z } from 'zod';
import { Loudness, MasteringStyle, OrderStatus, Tone, FileStatus } from './enums';
import { Pricing } from './pricing';
import { TextBoolean, TextBooleanInput } from './common';
import { NO_EMAIL, NO_FILES } from './messages';

// Order totals in whole rand, as the storefront's client shows them.

/** One file of an order request (storefront spec §3), with the spec's defaults. */
export const OrderFileInput = z.object({
  originalName: z.string().min(1).max(255),
  fileName: z.string().min(1).max(255),
  fileSize: z.number().int().positive(),
  mimeType: z.string().min(1).default('audio/mpeg'),
  originalFilePath: z.string().min(1, 'File upload incomplete. Please try refreshing and uploading again.'),
  masteringStyle: MasteringStyle.default('Custom'),
  tone: Tone.default('BALANCED'),
  loudness: Loudness.default('LOW'),
  volumeMatch: TextBooleanInput.default('false'),
});
export type OrderFileInput = z.infer<typeof OrderFileInput>;

/** POST /api/orders */
export const CreateOrderBody = z.object({
  customerEmail: z.string().trim().min(1, NO_EMAIL).pipe(z.email('Invalid email address')),
  files: z.array(OrderFileInput).min(1, NO_FILES).max(50),
  pricing: Pricing,
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

/** PATCH /api/admin/orders/:id/status */
export const UpdateOrderStatusBody = z.object({ status: OrderStatus, notes: z.string().max(2000).optional() });
export type UpdateOrderStatusBody = z.infer<typeof UpdateOrderStatusBody>;

/** GET /api/orders/customer/:userId: a plain array (the profile page reads it as such). */
export const CustomerOrders = z.array(Order);

/** GET /api/admin/orders: a plain array (the Order Management screen filters on the client). */
export const OrderList = z.array(Order);
