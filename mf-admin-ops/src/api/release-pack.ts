import { ReleasePackSettings, ReleasePackStatus } from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query keys of the release pack (issue 54); each key is also its URL. */
export const releasePackKeys = {
  settings: () => ['/api/admin/settings/release-pack'] as const,
  order: (orderId: string) => [`/api/admin/orders/${orderId}/release-pack`] as const,
};

/** Settings → Release pack: every format's offer and price (admin only). */
export function useReleasePackSettings() {
  return useQuery({
    queryKey: releasePackKeys.settings(),
    queryFn: () => apiJson('GET', releasePackKeys.settings()[0], undefined, { schema: ReleasePackSettings }),
  });
}

/** Saves the offers; the cached settings become the server's answer. */
export function useSaveReleasePackSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReleasePackSettings) =>
      apiJson('PUT', releasePackKeys.settings()[0], settings, { schema: ReleasePackSettings }),
    onSuccess: (saved) => client.setQueryData(releasePackKeys.settings(), saved),
  });
}

/** An order's pack and where each file stands; polled while anything renders. */
export function useReleasePack(orderId: string) {
  return useQuery({
    queryKey: releasePackKeys.order(orderId),
    queryFn: () => apiJson('GET', releasePackKeys.order(orderId)[0], undefined, { schema: ReleasePackStatus }),
    refetchInterval: (query) => (query.state.data?.state === 'rendering' ? 3000 : false),
  });
}

/** Renders the failed files of an order's pack again. */
export function useRetryReleasePack(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson('POST', `${releasePackKeys.order(orderId)[0]}/retry`, undefined, { schema: ReleasePackStatus }),
    onSuccess: (status) => client.setQueryData(releasePackKeys.order(orderId), status),
  });
}
