import type { Context } from 'koa';
import type { Knex } from 'knex';
import { TOO_MANY_DATA_DOWNLOADS, TOO_MANY_REFUND_REQUESTS } from '@mastering/contracts';
import { consumeOrReject, postgresLimiter } from './auth/rate-limits';

// Limits on what a customer's own proof may ask for (issue 51): an order link can send only so many "Not happy?"
// requests, and a proven address can download its data only so often. Each is counted under what proved the
// caller (the order, the address), after the proof was checked, so nobody without it can use up its owner's share.

/** Refund requests one order (through any of its links) may send a day; data downloads one address may make an hour. */
export const REQUEST_LIMITS = { refundRequestsPerOrderPerDay: 5, dataDownloadsPerAddressPerHour: 10 } as const;

export type RequestLimiters = ReturnType<typeof createRequestLimiters>;

/** The limiters, counted in PostgreSQL (shared by every replica). */
export function createRequestLimiters(knex: Knex) {
  return {
    refundRequests: postgresLimiter(knex, 'refund-request-order', REQUEST_LIMITS.refundRequestsPerOrderPerDay, 86_400),
    dataDownloads: postgresLimiter(knex, 'your-data-email', REQUEST_LIMITS.dataDownloadsPerAddressPerHour, 3600),
  };
}

/** Counts a refund request of `orderId` (its link already checked), refusing with 429 past the day's share. */
export async function limitRefundRequest(ctx: Context, limits: RequestLimiters, orderId: string): Promise<void> {
  await consumeOrReject(ctx, TOO_MANY_REFUND_REQUESTS, [[limits.refundRequests, orderId]]);
}

/** Counts a download of the data of `email` (already proven), refusing with 429 past the hour's share. */
export async function limitDataDownload(ctx: Context, limits: RequestLimiters, email: string): Promise<void> {
  await consumeOrReject(ctx, TOO_MANY_DATA_DOWNLOADS, [[limits.dataDownloads, email.toLowerCase()]]);
}
