import {
  CREATE_ORDER_FAILED,
  CreateOrderResponse,
  type OrderResponse,
  type CreateOrderBody,
} from '@mastering/contracts';
import { apiJson } from '@mastering/ui/core';
import { useQuery } from '@tanstack/react-query';

/** Query keys of orders; each key is also its URL. */
export const orderKeys = { detail: (id: string) => [`/api/orders/${encodeURIComponent(id)}`] as const };

/** `POST /api/orders`: stores the order (pending payment); the server prices it again. */
export async function createOrder(body: CreateOrderBody): Promise<CreateOrderResponse> {
  try {
    return await apiJson('POST', '/api/orders', body, { schema: CreateOrderResponse });
  } catch (cause) {
    throw new Error(CREATE_ORDER_FAILED, { cause });
  }
}

/** The order an outcome page shows (`GET /api/orders/:id`, answered only to the browser that made it); off without an id. */
export function useOrder(orderId: string | null) {
  return useQuery<OrderResponse>({ queryKey: orderKeys.detail(orderId ?? ''), enabled: Boolean(orderId) });
}
