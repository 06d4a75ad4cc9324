import {
  AdminAudioFilePage,
  AudioFileResponse,
  SignedLink,
  UploadUrlResponse,
  type AdminAudioFilesQuery,
  type DownloadKind,
  type UpdateProcessingBody,
} from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { sendToStorage, type UploadProgress } from '@mastering/ui/upload';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateUnder, listUrl } from './list-query';

/** The files screen's filters. */
export type AudioFileFilters = Partial<AdminAudioFilesQuery>;
const DEFAULTS = { status: 'all', style: 'all', sort: 'newest' };

/** Query keys of the audio files; each key is also its URL. */
export const audioFileKeys = {
  page: (filters: AudioFileFilters) => [listUrl('/api/admin/audio-files', filters, DEFAULTS)] as const,
  detail: (id: string) => [`/api/admin/audio-files/${id}`] as const,
};

/** One page of the filtered files with the six counters. */
export function useAudioFilePage(filters: AudioFileFilters) {
  return useQuery({
    queryKey: audioFileKeys.page(filters),
    queryFn: () => apiJson('GET', audioFileKeys.page(filters)[0], undefined, { schema: AdminAudioFilePage }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** Refreshes what a file change moves: the files, the orders and the dashboard. */
export const refreshAfterFileChange = (client: ReturnType<typeof useQueryClient>) =>
  invalidateUnder(client, '/api/admin/audio-files', '/api/admin/orders', '/api/admin/dashboard-stats');

/** PATCH /api/admin/audio-files/:id/processing with the status the engineer selected. */
export function useUpdateProcessing(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProcessingBody) =>
      apiJson('PATCH', `/api/admin/audio-files/${id}/processing`, body, { schema: AudioFileResponse }),
    onSettled: () => refreshAfterFileChange(client),
  });
}

/** Which step of Upload Mastered failed, so the toast can say it in the spec's words. */
export type MasterUploadStep = 'url' | 'storage' | 'confirm';
export class MasterUploadError extends Error {
  constructor(
    readonly step: MasterUploadStep,
    readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/**
 * Upload Mastered, the spec's sequence: upload-url, the file to that URL (resumable, with progress),
 * confirm-upload with the stored path. Each failure says which step failed.
 */
export function useUploadMaster(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: UploadProgress }) => {
      const step = async <T>(name: MasterUploadStep, run: () => Promise<T>) => {
        try {
          return await run();
        } catch (cause) {
          throw new MasterUploadError(name, cause);
        }
      };
      const { uploadURL } = await step('url', () =>
        apiJson(
          'POST',
          `/api/admin/audio-files/${id}/upload-url`,
          { filename: file.name, contentType: file.type || 'application/octet-stream' },
          { schema: UploadUrlResponse },
        ),
      );
      const uploadedFilePath = await step('storage', () => sendToStorage(file, uploadURL, onProgress).done);
      return step('confirm', () =>
        apiJson(
          'POST',
          `/api/admin/audio-files/${id}/confirm-upload`,
          { uploadedFilePath },
          { schema: AudioFileResponse },
        ),
      );
    },
    onSettled: () => refreshAfterFileChange(client),
  });
}

/** Asks for a short-lived signed link to the original or the master, then starts the download. */
export async function downloadAudioFile(id: string, kind: DownloadKind): Promise<void> {
  const { url } = await apiJson('GET', `/api/admin/audio-files/${id}/download-url?kind=${kind}`, undefined, {
    schema: SignedLink,
  });
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
