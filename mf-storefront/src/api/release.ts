// Types only (no schemas), like the order page's other reads: the answer is the server's own.
import type { ReleaseAnswer } from '@mastering/contracts';
import { useQuery } from '@tanstack/react-query';

/** The order's release URL with the page's token: the query key is the URL. */
export const releasePath = (id: string, token: string) =>
  `/api/orders/${encodeURIComponent(id)}/release?t=${encodeURIComponent(token)}`;

/** The order's release (null for an order of singles), read with the order page's link. */
export function useOrderRelease(id: string, token: string) {
  return useQuery<ReleaseAnswer>({ queryKey: [releasePath(id, token)], enabled: Boolean(id && token) });
}
