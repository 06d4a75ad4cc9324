import {
  DataAccessProof,
  DeletionRequested,
  RequestCodeResponse,
  type RequestCodeBody,
  type VerifyCodeBody,
  type VerifyLinkBody,
} from '@mastering/contracts';
import { apiJson } from '@mastering/ui/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Where the proven address's data downloads from (a JSON attachment). */
export const YOUR_DATA_URL = '/api/your-data';
const PROOF_KEY = [`${YOUR_DATA_URL}/proof`] as const;

/** The address this browser has proven (a data-access code typed here, or the signed-in session), or null. */
export function useDataAccessProof() {
  const query = useQuery({
    queryKey: PROOF_KEY,
    queryFn: () => apiJson('GET', PROOF_KEY[0], undefined, { schema: DataAccessProof }),
  });
  return { proof: query.data ?? null, isLoading: query.isLoading };
}

/** `POST /api/your-data/request-code`: mails a data-access code (it makes no account). */
export function useRequestDataCode() {
  return useMutation({
    mutationFn: (body: RequestCodeBody) =>
      apiJson('POST', `${YOUR_DATA_URL}/request-code`, body, { schema: RequestCodeResponse }),
  });
}

/** `POST /api/your-data/verify-code`: proves the address in this browser; the proof is read again. */
export function useVerifyDataCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyCodeBody) =>
      apiJson('POST', `${YOUR_DATA_URL}/verify-code`, body, { schema: DataAccessProof }),
    onSuccess: (proof) => client.setQueryData(PROOF_KEY, proof),
  });
}

/** `POST /api/your-data/verify-link`: proves the address by a data-access mail's one-time link; the proof is read again. */
export function useVerifyDataLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyLinkBody) =>
      apiJson('POST', `${YOUR_DATA_URL}/verify-link`, body, { schema: DataAccessProof }),
    onSuccess: (proof) => client.setQueryData(PROOF_KEY, proof),
  });
}

/** `POST /api/your-data/deletion`: asks staff to delete what is held about the proven address. */
export function useRequestDeletion() {
  return useMutation({
    mutationFn: () => apiJson('POST', `${YOUR_DATA_URL}/deletion`, undefined, { schema: DeletionRequested }),
  });
}
