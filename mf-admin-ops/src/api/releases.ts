import { CoherenceTable, ReleaseAnswer, ReleaseSettings } from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query keys of an order's release; each key is also its URL. */
export const releaseKeys = {
  release: (orderId: string) => [`/api/admin/orders/${orderId}/release`] as const,
  coherence: (orderId: string) => [`/api/admin/orders/${orderId}/release/coherence`] as const,
};

/** The order's release (null for an order of singles). */
export function useRelease(orderId: string) {
  return useQuery({
    queryKey: releaseKeys.release(orderId),
    queryFn: () => apiJson('GET', releaseKeys.release(orderId)[0], undefined, { schema: ReleaseAnswer }),
  });
}

/** The coherence table of the release's masters; asked for only once a master exists (it measures them). */
export function useCoherence(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: releaseKeys.coherence(orderId),
    enabled,
    queryFn: () => apiJson('GET', releaseKeys.coherence(orderId)[0], undefined, { schema: CoherenceTable }),
  });
}

/** Puts the release in a new running order (file ids); the release and its table are read again. */
export function useReorderRelease(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileIds: string[]) =>
      apiJson('PUT', `${releaseKeys.release(orderId)[0]}/running-order`, { fileIds }, { schema: ReleaseAnswer }),
    onSuccess: (answer) => {
      client.setQueryData(releaseKeys.release(orderId), answer);
      void client.invalidateQueries({ queryKey: releaseKeys.coherence(orderId) });
    },
  });
}

/** Settings → Releases' URL, also its query key. */
const RELEASE_SETTINGS = '/api/admin/settings/releases';

/** The release price per track and the coherence tolerance (admin only). */
export function useReleaseSettings() {
  return useQuery({
    queryKey: [RELEASE_SETTINGS],
    queryFn: () => apiJson('GET', RELEASE_SETTINGS, undefined, { schema: ReleaseSettings }),
  });
}

/** Saves them; the cached settings become the server's answer. */
export function useSaveReleaseSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReleaseSettings) => apiJson('PUT', RELEASE_SETTINGS, settings, { schema: ReleaseSettings }),
    onSuccess: (saved) => client.setQueryData([RELEASE_SETTINGS], saved),
  });
}
