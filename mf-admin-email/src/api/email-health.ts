import { EmailHealth } from '@mastering/contracts';
import { ApiError, apiJson } from '@mastering/ui';
import { useMutation } from '@tanstack/react-query';

/** Query keys of the email health check; each key is also its URL. */
export const emailHealthKeys = { health: () => ['/api/admin/email-health'] as const };

/**
 * Asks the email service whether SMTP works. An unhealthy service answers 503 with the same
 * EmailHealth JSON, which is a result to show, not a failed request; any other failure is the ApiError.
 */
export async function fetchEmailHealth(): Promise<EmailHealth> {
  try {
    return await apiJson('GET', emailHealthKeys.health().join('/'), undefined, { schema: EmailHealth });
  } catch (error) {
    const report = error instanceof ApiError ? EmailHealth.safeParse(error.json) : null;
    if (report?.success) return report.data;
    throw error;
  }
}

/** The Health Check button's action (a mutation: it runs only when asked). */
export function useEmailHealthCheck() {
  return useMutation({ mutationFn: fetchEmailHealth });
}
