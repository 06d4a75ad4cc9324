import { isStaffRole, type MeResponse, type SessionUser } from '@mastering/contracts';
import { apiRequest, getQueryFn } from '@mastering/ui/core';
import { useQuery } from '@tanstack/react-query';

/** Query key of the session; the key is also the URL. */
export const SESSION_QUERY_KEY = ['/api/auth/me'] as const;

/** Staff (STAFF_ROLES in contracts) run the back-office. */
export function isStaff(user: Pick<SessionUser, 'role'> | null | undefined): boolean {
  return isStaffRole(user?.role);
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
