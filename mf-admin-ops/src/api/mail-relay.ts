import { EMAIL_HEALTH_PATH, fetchEmailHealth } from '@mastering/ui/email-health';
import { useQuery } from '@tanstack/react-query';

/** Settings → System Status's mail relay row: the email service's live SMTP check, asked again on every visit. */
export function useMailRelayCheck() {
  return useQuery({ queryKey: [EMAIL_HEALTH_PATH], queryFn: fetchEmailHealth, staleTime: 0 });
}
