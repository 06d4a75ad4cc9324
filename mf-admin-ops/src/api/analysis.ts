import type { AudioFileAnalysis } from '@mastering/contracts';
import { useQuery } from '@tanstack/react-query';

/** Query keys of audio analyses; each key is also its URL. */
export const analysisKeys = {
  file: (fileId: string) => [`/api/admin/audio-files/${fileId}/analysis`] as const,
};

/** How often an open panel asks again while the original is still being analysed (a few seconds' work). */
const PENDING_REFETCH_MS = 5_000;

/** One audio file's measured original and master (staff only); asks again while the original is not analysed yet. */
export function useAudioFileAnalysis(fileId: string) {
  return useQuery<AudioFileAnalysis>({
    queryKey: analysisKeys.file(fileId),
    refetchInterval: (query) => (query.state.data && !query.state.data.original ? PENDING_REFETCH_MS : false),
  });
}
