import {
  CREATE_ORDER_FAILED,
  CreateOrderResponse,
  IDEMPOTENCY_KEY_HEADER,
  type OrderResponse,
  type CreateOrderBody,
} from '@mastering/contracts';
import { apiJson } from '@mastering/ui/core';
import { useQuery } from '@tanstack/react-query';

/** Query keys of orders; each key is also its URL. */
export const orderKeys = { detail: (id: string) => [`/api/orders/${encodeURIComponent(id)}`] as const };

/**
 * A new key for one order attempt: random, 128 bits (getRandomValues, as randomUUID needs a secure
 * context, which a site on a LAN's http:// address is not).
 */
export function newOrderAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * `POST /api/orders`: stores the order (pending payment); the server prices it again. `attemptKey` (one
 * per order attempt, the same on its retries) makes a retry after a lost answer get the same order.
 */
export async function createOrder(body: CreateOrderBody, attemptKey: string): Promise<CreateOrderResponse> {
  try {
    return await apiJson('POST', '/api/orders', body, {
      schema: CreateOrderResponse,
      headers: { [IDEMPOTENCY_KEY_HEADER]: attemptKey },
    });
  } catch (cause) {
    throw new Error(CREATE_ORDER_FAILED, { cause });
  }
}

/** The order an outcome page shows (`GET /api/orders/:id`, answered only to the browser that made it); off without an id. */
export function useOrder(orderId: string | null) {
  return useQuery<OrderResponse>({ queryKey: orderKeys.detail(orderId ?? ''), enabled: Boolean(orderId) });
}
