import {
  AdminOrderDetail,
  AdminOrderPage,
  AdminOrderResponse,
  type AdminOrdersQuery,
  type AssignOrderBody,
  type ExpectedAtBody,
  type MeResponse,
  type UpdateOrderStatusBody,
} from '@mastering/contracts';
import { apiJson, getQueryFn } from '@mastering/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateUnder, listUrl } from './list-query';

/** The orders screen's filters (the list query without defaults filled in). */
export type OrderFilters = Partial<AdminOrdersQuery>;
const DEFAULTS = { status: 'all', sort: 'newest' };

/** Query keys of the orders; each key is also its URL. */
export const orderKeys = {
  page: (filters: OrderFilters) => [listUrl('/api/admin/orders', filters, DEFAULTS)] as const,
  detail: (id: string) => [`/api/admin/orders/${id}`] as const,
};

/** The URL of the CSV export of the filtered list (no paging: all matching orders). */
export const orderExportUrl = (filters: OrderFilters) =>
  listUrl('/api/admin/orders/export', { ...filters, page: undefined, pageSize: undefined }, DEFAULTS);

/** One page of the filtered orders with the counters; the previous page stays on screen while the next loads. */
export function useOrderPage(filters: OrderFilters) {
  return useQuery({
    queryKey: orderKeys.page(filters),
    queryFn: () => apiJson('GET', orderKeys.page(filters)[0], undefined, { schema: AdminOrderPage }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** One order with its files and status history. */
export function useOrder(id: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? ''),
    queryFn: () => apiJson('GET', orderKeys.detail(id!)[0], undefined, { schema: AdminOrderDetail }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** After any change to an order: its lists, details, files and the dashboard are refetched. */
const refresh = (client: ReturnType<typeof useQueryClient>) =>
  invalidateUnder(client, '/api/admin/orders', '/api/admin/audio-files', '/api/admin/dashboard-stats');

/** PATCH /api/admin/orders/:id/status (delivering mails the customer). */
export function useUpdateOrderStatus(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrderStatusBody) =>
      apiJson('PATCH', `/api/admin/orders/${id}/status`, body, { schema: AdminOrderResponse }),
    onSettled: () => refresh(client),
  });
}

/** PATCH /api/admin/orders/:id/assignee: take the order or let it go. */
export function useAssignOrder(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignOrderBody) =>
      apiJson('PATCH', `/api/admin/orders/${id}/assignee`, body, { schema: AdminOrderResponse }),
    onSettled: () => refresh(client),
  });
}

/** PATCH /api/admin/orders/:id/expected-at: when the engineer expects to deliver (null clears it). */
export function useSetExpectedAt(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpectedAtBody) =>
      apiJson('PATCH', `/api/admin/orders/${id}/expected-at`, body, { schema: AdminOrderResponse }),
    onSettled: () => refresh(client),
  });
}

/** POST /api/admin/orders/:id/revoke-links: the customer's links stop working; a new one is mailed. */
export function useRevokeOrderLinks(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson('POST', `/api/admin/orders/${id}/revoke-links`, undefined, { schema: AdminOrderResponse }),
    onSettled: () => refresh(client),
  });
}

/** The signed-in staff member (the shell's session query, shared through the one query cache). */
export function useMe() {
  return (
    useQuery({ queryKey: ['/api/auth/me'], queryFn: getQueryFn<MeResponse | null>({ on401: 'returnNull' }) }).data
      ?.user ?? null
  );
}
