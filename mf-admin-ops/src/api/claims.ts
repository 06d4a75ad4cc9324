import { ClaimsOverview, type ClaimSettings } from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query keys of Settings → Marketing claims; each key is also its URL. */
export const claimKeys = { overview: () => ['/api/admin/settings/claims'] as const };

/** The claim thresholds, today's figures and the claims the home page shows with them (admin only). */
export function useClaimsOverview() {
  return useQuery({
    queryKey: claimKeys.overview(),
    queryFn: () => apiJson('GET', claimKeys.overview()[0], undefined, { schema: ClaimsOverview }),
  });
}

/** Saves the thresholds; the cached overview becomes the server's answer. */
export function useSaveClaimSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: ClaimSettings) =>
      apiJson('PUT', claimKeys.overview()[0], settings, { schema: ClaimsOverview }),
    onSuccess: (saved) => client.setQueryData(claimKeys.overview(), saved),
  });
}
