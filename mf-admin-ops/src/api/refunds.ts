import {
  OrderRefunds,
  orderRefundsPath,
  REFUND_REQUEST_COUNT_PATH,
  REFUNDS_PATH,
  Refund,
  RefundRequest,
  RefundRequestCount,
  RefundRequestList,
  type AnswerRefundRequestBody,
  type CreateRefundBody,
  type RefundRequestsQuery,
} from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateUnder, listUrl } from './list-query';
import { orderKeys } from './orders';

/** Query keys of an order's refunds; each key is also its URL. */
export const refundKeys = { order: (orderId: string) => [orderRefundsPath(orderId)] as const };

/** How often an open order asks again while a refund waits for Yoco's webhook (seconds, in the sandbox). */
const PENDING_REFETCH_MS = 2_000;

/**
 * An order's refunds and what is left to refund (admins). While a refund is on its way it asks again,
 * and whenever the sums change, the order itself refetches (its status and history moved with the webhook).
 */
export function useOrderRefunds(orderId: string, enabled = true) {
  const client = useQueryClient();
  return useQuery({
    queryKey: refundKeys.order(orderId),
    queryFn: async () => {
      const before = client.getQueryData<OrderRefunds>(refundKeys.order(orderId));
      const now = await apiJson('GET', refundKeys.order(orderId)[0], undefined, { schema: OrderRefunds });
      // A refund settled (or started) since the last look: the order's status and history moved too.
      if (before && (before.pending !== now.pending || before.refunded !== now.refunded))
        await client.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      return now;
    },
    enabled,
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? PENDING_REFETCH_MS : false),
  });
}

/** POST /api/admin/refunds/orders/:id: issues a refund through Yoco; the order, its refunds, payments and the dashboard refetch. */
export function useIssueRefund(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRefundBody) => apiJson('POST', refundKeys.order(orderId)[0], body, { schema: Refund }),
    onSettled: () =>
      invalidateUnder(client, REFUNDS_PATH, '/api/admin/orders', '/api/admin/payments', '/api/admin/dashboard-stats'),
  });
}

/** Where every "Not happy?" read lives: the lists and the count are all under it. */
const REFUND_REQUESTS_PATH = '/api/admin/refund-requests';

/** Query keys of the "Not happy?" requests (one order's, every order's, the open count); each key is also its URL. */
export const refundRequestKeys = {
  order: (orderId: string) => [`${REFUND_REQUESTS_PATH}?orderId=${orderId}`] as const,
  all: (state: RefundRequestsQuery['state']) => [listUrl(REFUND_REQUESTS_PATH, { state }, { state: 'all' })] as const,
  count: () => [REFUND_REQUEST_COUNT_PATH] as const,
};

/** Every order's refund requests (the Refund requests screen), open ones first; `open` leaves out the answered. */
export function useAllRefundRequests(state: RefundRequestsQuery['state']) {
  return useQuery({
    queryKey: refundRequestKeys.all(state),
    queryFn: () => apiJson('GET', refundRequestKeys.all(state)[0], undefined, { schema: RefundRequestList }),
  });
}

/** How many requests are open and overdue (the dashboard; the shell's sidebar reads the same key). */
export function useRefundRequestCount() {
  return useQuery({
    queryKey: refundRequestKeys.count(),
    queryFn: () => apiJson('GET', refundRequestKeys.count()[0], undefined, { schema: RefundRequestCount }),
  });
}

/** An order's refund requests from its order page, open ones first (staff). */
export function useRefundRequests(orderId: string) {
  return useQuery({
    queryKey: refundRequestKeys.order(orderId),
    queryFn: () => apiJson('GET', refundRequestKeys.order(orderId)[0], undefined, { schema: RefundRequestList }),
  });
}

/**
 * POST /api/admin/refund-requests/:id/answer (admins): marks a request answered; every list of requests and
 * the count (the sidebar's and the dashboard's) refetch.
 */
export function useAnswerRefundRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AnswerRefundRequestBody & { id: string }) =>
      apiJson('POST', `${REFUND_REQUESTS_PATH}/${id}/answer`, body, { schema: RefundRequest }),
    onSettled: () => invalidateUnder(client, REFUND_REQUESTS_PATH),
  });
}
