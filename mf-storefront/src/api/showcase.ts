import type { ShowcaseTrack } from '@mastering/contracts';
import { useQuery } from '@tanstack/react-query';

/** Spec: showcase tracks are treated as fresh for 5 minutes. */
export const SHOWCASE_STALE_TIME = 300_000;

export const showcaseKeys = { list: () => ['/api/showcase-tracks'] as const };

/** The tracks the examples section plays: active ones only, by displayOrder ascending. */
export function activeShowcaseTracks<T extends Pick<ShowcaseTrack, 'isActive' | 'displayOrder'>>(tracks: readonly T[]): T[] {
  return tracks.filter((track) => track.isActive === 'true').sort((a, b) => a.displayOrder - b.displayOrder);
}

/** The public before/after examples. */
export function useShowcaseTracks() {
  return useQuery({ queryKey: showcaseKeys.list(), staleTime: SHOWCASE_STALE_TIME, select: activeShowcaseTracks<ShowcaseTrack> });
}
