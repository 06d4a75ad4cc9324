import { fetchEmailHealth } from '@mastering/ui/email-health';
import { useMutation } from '@tanstack/react-query';

// The check itself is shared with Settings → System Status (mf-admin-ops): @mastering/ui/email-health.
export { fetchEmailHealth };

/** The Health Check button's action (a mutation: it runs only when asked). */
export function useEmailHealthCheck() {
  return useMutation({ mutationFn: fetchEmailHealth });
}
