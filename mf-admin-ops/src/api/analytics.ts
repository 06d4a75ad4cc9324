import { ANALYTICS_STALE_MS, AnalyticsResponse } from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { useQuery } from '@tanstack/react-query';

/** Query keys of the analytics screen; each key is also its URL. */
export const analyticsKeys = { period: (days: number) => [`/api/admin/analytics?days=${days}`] as const };

/** The analytics of the last `days` days (through the session cookie; fresh for 5 minutes, as the spec caches it). */
export function useAnalytics(days: number) {
  return useQuery({
    queryKey: analyticsKeys.period(days),
    queryFn: () => apiJson('GET', analyticsKeys.period(days)[0], undefined, { schema: AnalyticsResponse }),
    staleTime: ANALYTICS_STALE_MS,
  });
}
