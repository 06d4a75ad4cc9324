// Types only (no schemas): the order page is the first visit of a customer following an order mail, and
// its bundle takes no zod for them; the answers are the server's own (contracts' types on both sides).
import {
  orderViewPath,
  type CustomerOrderView,
  type OrderTrackView,
  type RateOrderBody,
  type RefundRequestReceived,
  type ReplaceTrackBody,
  type RevisionRequestBody,
  type TrackOrdersBody,
  type TrackOrdersResponse,
} from '@mastering/contracts';
import { apiJson } from '@mastering/ui/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * Query keys of the order page; each key is also its URL (the signed link's token included). The shell
 * asks for the view while the page's code loads (its route's `reads`), into this same cache entry.
 */
export const orderPageKeys = { view: (id: string, token: string) => [orderViewPath(id, token)] as const };

/** True while a replaced track's new file has no analysis yet (the page says it is being checked). */
export const checkingReplacement = (track: OrderTrackView) =>
  track.replacedAt != null && track.original === null && track.needsReplacing === null;

/**
 * How long the page waits before looking again while a replaced file is being checked, after `looks`
 * answers: every 2 s for the first minute (a track's analysis usually takes seconds, and the customer
 * is watching), then every 10 s (a long file, or a busy analyser).
 */
export const replacementPollMs = (looks: number) => (looks <= 30 ? 2_000 : 10_000);

/** The customer's order page, read with the token of the mailed link (403 when the link is not valid). */
export function useOrderView(id: string, token: string) {
  return useQuery<CustomerOrderView>({
    queryKey: orderPageKeys.view(id, token),
    enabled: Boolean(id && token),
    refetchInterval: (query) =>
      query.state.data?.tracks.some(checkingReplacement) ? replacementPollMs(query.state.dataUpdateCount) : false,
  });
}

/** Sends one track's revision request; the answer is the page as it is now. */
export function useRequestRevision(id: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<RevisionRequestBody, 't'>) =>
      apiJson<CustomerOrderView>('POST', `/api/orders/${encodeURIComponent(id)}/revisions`, { ...body, t: token }),
    onSuccess: (view) => client.setQueryData(orderPageKeys.view(id, token), view),
  });
}

/** Points a flagged track at its finished new upload; the answer is the page as it is now. */
export function useReplaceTrack(id: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ReplaceTrackBody, 't'>) =>
      apiJson<CustomerOrderView>('POST', `/api/orders/${encodeURIComponent(id)}/replacements`, { ...body, t: token }),
    onSuccess: (view) => client.setQueryData(orderPageKeys.view(id, token), view),
  });
}

/** Rates the delivered masters (once); the answer is the page as it is now, the rating included. */
export function useRateOrder(id: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<RateOrderBody, 't'>) =>
      apiJson<CustomerOrderView>('POST', `/api/orders/${encodeURIComponent(id)}/rating`, { ...body, t: token }),
    onSuccess: (view) => client.setQueryData(orderPageKeys.view(id, token), view),
  });
}

/** "Not happy?": sends the customer's request to staff (never a refund by itself). */
export function useRequestRefund(id: string, token: string) {
  return useMutation({
    mutationFn: (message: string) =>
      apiJson<RefundRequestReceived>('POST', `/api/orders/${encodeURIComponent(id)}/refund-request`, {
        token,
        message,
      }),
  });
}

/** Track my order: asks for the mail listing an address's orders. */
export function useTrackOrders() {
  return useMutation({
    mutationFn: (body: TrackOrdersBody) => apiJson<TrackOrdersResponse>('POST', '/api/orders/track', body),
  });
}
