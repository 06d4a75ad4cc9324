import { DeletionRequested, type MeResponse } from '@mastering/contracts';
import { apiJson, getQueryFn } from '@mastering/ui/core';
import { useMutation, useQuery } from '@tanstack/react-query';

/** Where the signed-in customer's data downloads from (a JSON attachment). */
export const YOUR_DATA_URL = '/api/your-data';

/** Who is signed in (null when nobody): the session is the proof of the address (an emailed code). */
export function useSignedInUser() {
  const query = useQuery({
    queryKey: ['/api/auth/me'],
    queryFn: getQueryFn<MeResponse | null>({ on401: 'returnNull' }),
  });
  return { user: query.data?.user ?? null, isLoading: query.isLoading };
}

/** `POST /api/your-data/deletion`: asks staff to delete what is held about the signed-in address. */
export function useRequestDeletion() {
  return useMutation({
    mutationFn: () => apiJson('POST', `${YOUR_DATA_URL}/deletion`, undefined, { schema: DeletionRequested }),
  });
}
