import { useQuery } from '@tanstack/react-query';

/** A showcase track as `GET /api/showcase-tracks` answers it (isActive is the string 'true' or 'false'). */
export interface ShowcaseTrack {
  id: string;
  title: string;
  artist: string;
  genre: string;
  artworkUrl?: string | null;
  originalAudioUrl?: string | null;
  masteredAudioUrl?: string | null;
  isActive: string;
  displayOrder: number;
}

/** Spec: showcase tracks are treated as fresh for 5 minutes. */
export const SHOWCASE_STALE_TIME = 300_000;

export const showcaseKeys = { list: () => ['/api/showcase-tracks'] as const };

/** The tracks the examples section plays: active ones only, by displayOrder ascending. */
export function activeShowcaseTracks(tracks: readonly ShowcaseTrack[]): ShowcaseTrack[] {
  return tracks.filter((track) => track.isActive === 'true').sort((a, b) => a.displayOrder - b.displayOrder);
}

/** The public before/after examples. */
export function useShowcaseTracks() {
  return useQuery({ queryKey: showcaseKeys.list(), staleTime: SHOWCASE_STALE_TIME, select: activeShowcaseTracks });
}
