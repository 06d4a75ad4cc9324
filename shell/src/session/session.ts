import type { MeResponse, SessionUser } from '@mastering/contracts';
import { apiRequest, getQueryFn } from '@mastering/ui';
import { useQuery } from '@tanstack/react-query';

/** Query key of the session; the key is also the URL. */
export const SESSION_QUERY_KEY = ['/api/auth/me'] as const;

/** Staff run the back-office: engineers and admins. */
export function isStaff(user: Pick<SessionUser, 'role'> | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'engineer';
}

/** The signed-in user (null when signed out; a 401 also means signed out). */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: getQueryFn<MeResponse | null>({ on401: 'returnNull' }),
  });
  return { user: query.data?.user ?? null, isLoading: query.isLoading, error: query.error };
}

/** Ends the session on the server, then reloads the site from `/` so no signed-in state lingers. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('POST', '/auth/logout');
  } finally {
    window.location.assign('/');
  }
}

