import { DeletionRequestList, DeletionRequestRow } from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const URL = '/api/admin/deletion-requests';
const KEY = [URL] as const;

/** The customers' deletion requests still waiting (POPIA s24). */
export function useDeletionRequests() {
  return useQuery({ queryKey: KEY, queryFn: () => apiJson('GET', URL, undefined, { schema: DeletionRequestList }) });
}

/** Completes one request: the server purges the person's audio and personal fields (invoices kept). */
export function useCompleteDeletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson('POST', `${URL}/${id}/complete`, undefined, { schema: DeletionRequestRow }),
    onSuccess: () => client.invalidateQueries(),
  });
}
