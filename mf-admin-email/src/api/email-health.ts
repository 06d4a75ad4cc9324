import { throwIfResNotOk } from '@mastering/ui';
import { useMutation } from '@tanstack/react-query';

/** `GET /api/admin/email-health`: `status` is 'healthy' when SMTP answers. */
export interface EmailHealth {
  status: string;
  error?: string;
  smtp?: { host?: string; port?: number; connected?: boolean };
}

export const emailHealthKeys = { health: ['/api/admin/email-health'] as const };

/**
 * Asks the email service whether SMTP works. An unhealthy service answers 503 with the same JSON
 * shape, which is a result to show, not a failed request.
 */
export async function fetchEmailHealth(): Promise<EmailHealth> {
  const res = await fetch(emailHealthKeys.health.join('/'), { credentials: 'include' });
  const body = (await res.clone().json().catch(() => null)) as EmailHealth | null;
  if (typeof body?.status === 'string') return body;
  await throwIfResNotOk(res);
  throw new Error(`${res.status}: unexpected answer`);
}

/** The Health Check button's action (a mutation: it runs only when asked). */
export function useEmailHealthCheck() {
  return useMutation({ mutationFn: fetchEmailHealth });
}
