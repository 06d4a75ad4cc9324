import { z } from 'zod';
import { Genre, Loudness, MasteringStyle, OrderStatus, Tone, FileStatus } from './enums';
import { Pricing } from './pricing';
import { TextBoolean, TextBooleanInput } from './common';
import { INVALID_EMAIL, NO_EMAIL, NO_FILES, UPLOAD_INCOMPLETE } from './messages';

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

/** POST /api/orders */
export const CreateOrderBody = z.object({
  customerEmail: z.string().trim().min(1, NO_EMAIL).pipe(z.email(INVALID_EMAIL)),
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

/**
 * The order as GET /api/orders/:id answers it to anyone holding its id (the payment success page):
 * the order and what each file is, without the engineers' notes or storage paths.
 */
export const PublicOrder = Order.omit({ files: true }).extend({
  files: z.array(OrderFile.pick({ id: true, originalName: true, fileSize: true, masteringStyle: true, tone: true, loudness: true, volumeMatch: true, processingStatus: true })),
});
export type PublicOrder = z.infer<typeof PublicOrder>;

/** GET /api/orders/:id answer, wrapped like the create answer so `data.order` reads the same. */
export const OrderResponse = z.object({ order: PublicOrder });
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
export const fileNotUploadedHere = (name: string) => `${name} was not uploaded from this browser. Please upload it again.`;
/** A file of the order is still uploading. */
export const fileStillUploading = (name: string) => `${name} has not finished uploading. Please wait for it to finish.`;
/** A file already belongs to another order. */
export const fileAlreadyOrdered = (name: string) => `${name} is already part of an order. Please upload it again for a new order.`;
export const DUPLICATE_ORDER_FILE = 'The same uploaded file is listed twice in this order.';
