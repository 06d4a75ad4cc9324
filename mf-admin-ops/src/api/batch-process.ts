import { AudioFileResponse, type UpdateProcessingBody } from '@mastering/contracts';
import { apiJson, serverErrorText } from '@mastering/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runBatch } from './batch-run';
import { refreshAfterFileChange } from './audio-files';

/** What Batch Process runs: the files and the status (and notes) each gets. */
export type BatchRequest = {
  files: { id: string; name: string }[];
  body: UpdateProcessingBody;
  onProgress: (finished: number, total: number) => void;
};

/**
 * Batch Process in Audio Files: the file dialog's Update Status applied to each selected file in turn,
 * through the same route (so the same permission and rules), with progress and each refusal's reason.
 */
export function useBatchProcess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ files, body, onProgress }: BatchRequest) =>
      runBatch(
        files,
        (file) => apiJson('PATCH', `/api/admin/audio-files/${file.id}/processing`, body, { schema: AudioFileResponse }),
        onProgress,
        (error) => serverErrorText(error, 'Not changed'),
      ),
    onSettled: () => refreshAfterFileChange(client),
  });
}
