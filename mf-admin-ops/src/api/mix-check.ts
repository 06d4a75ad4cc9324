import type { AudioFileMixCheck } from '@mastering/contracts';
import { useQuery } from '@tanstack/react-query';

/** Query keys of mix checks; each key is also its URL. */
export const mixCheckKeys = {
  file: (fileId: string) => [`/api/admin/audio-files/${fileId}/mix-check`] as const,
};

/** How often an open panel asks again while the check still runs. */
const PENDING_REFETCH_MS = 5_000;

/** The mix check of one audio file's original upload (staff only), asked again while pending. */
export function useAudioFileMixCheck(fileId: string) {
  return useQuery<AudioFileMixCheck>({
    queryKey: mixCheckKeys.file(fileId),
    refetchInterval: (query) => (query.state.data?.mixCheck?.status === 'pending' ? PENDING_REFETCH_MS : false),
  });
}
