import type { Role } from '@mastering/contracts';
import { apiRequest, getQueryFn } from '@mastering/ui';
import { useQuery } from '@tanstack/react-query';

/** The signed-in user as `GET /api/auth/me` answers it. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
}

/** Query key of the session; the key is also the URL. */
export const SESSION_QUERY_KEY = ['/api/auth/me'] as const;

/** Staff run the back-office: engineers and admins. */
export function isStaff(user: SessionUser | null | undefined): boolean {
  return user?.role === 'admin' || user?.role === 'engineer';
}

/** The signed-in user (null when signed out; a 401 also means signed out). */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: getQueryFn<{ user: SessionUser | null } | null>({ on401: 'returnNull' }),
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

/** The spec's display name: first and last name, else first name, else the email's local part, else "User". */
export function displayName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>): string {
  if (user.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  if (user.firstName) return user.firstName;
  return user.email?.split('@')[0] || 'User';
}
