import { SHOWCASE_STALE_MS, type ShowcaseTrack } from '@mastering/contracts';
import { useAsPrerendered } from '@mastering/ui/core';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Query keys of the showcase; each key is also its URL. */
export const showcaseKeys = { list: () => ['/api/showcase-tracks'] as const };

/** The tracks the examples section plays: active ones only, by displayOrder ascending. */
export function activeShowcaseTracks<T extends Pick<ShowcaseTrack, 'isActive' | 'displayOrder'>>(
  tracks: readonly T[],
): T[] {
  return tracks.filter((track) => track.isActive === 'true').sort((a, b) => a.displayOrder - b.displayOrder);
}

/** The public showcase list, fresh for SHOWCASE_STALE_MS (storefront spec §7). */
export const showcaseQuery = () =>
  queryOptions<ShowcaseTrack[], Error, ShowcaseTrack[]>({
    queryKey: showcaseKeys.list(),
    staleTime: SHOWCASE_STALE_MS,
    select: activeShowcaseTracks,
  });

/** The public before/after examples; loading while hydrating. */
export function useShowcaseTracks() {
  return useAsPrerendered(useQuery(showcaseQuery()));
}
