import { ANALYTICS_STALE_MS, AnalyticsResponse, StaffRating, StaffRatingList } from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query keys of the analytics screen; each key is also its URL. */
export const analyticsKeys = { period: (days: number) => [`/api/admin/analytics?days=${days}`] as const };

/**
 * The analytics of the last `days` days (through the session cookie). The screen reuses an answer for 5
 * minutes, as the spec caches it, but each fetch asks the server again (`no-cache`): the answer's own
 * `max-age` would otherwise let the browser serve a page load or the Refresh button a copy older than a
 * rating or delivery staff just made.
 */
export function useAnalytics(days: number) {
  return useQuery({
    queryKey: analyticsKeys.period(days),
    queryFn: () =>
      apiJson('GET', analyticsKeys.period(days)[0], undefined, { schema: AnalyticsResponse, cache: 'no-cache' }),
    staleTime: ANALYTICS_STALE_MS,
  });
}

/** Query keys of the customer ratings shown on the analytics screen; each key is also its URL. */
export const ratingKeys = {
  all: ['/api/admin/analytics/ratings'] as const,
  period: (days: number) => [`/api/admin/analytics/ratings?days=${days}`] as const,
};

/** The customer ratings of the last `days` days, newest first. */
export function useRatings(days: number) {
  return useQuery({
    queryKey: ratingKeys.period(days),
    queryFn: () => apiJson('GET', ratingKeys.period(days)[0], undefined, { schema: StaffRatingList }),
  });
}

/** Publishes a consented 5-star rating as a testimonial (the server refuses any other); refreshes the ratings. */
export function usePublishRating() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson('POST', `/api/admin/analytics/ratings/${encodeURIComponent(id)}/testimonial`, undefined, {
        schema: StaffRating,
      }),
    onSuccess: () =>
      client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(ratingKeys.all[0]) }),
  });
}
