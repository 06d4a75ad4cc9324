import { EmailHealth } from '@mastering/contracts';
import { ApiError, apiJson } from '@mastering/ui/core';

/** The email service's SMTP check (admins): the Email testing screen's button and Settings → System Status. */
export const EMAIL_HEALTH_PATH = '/api/admin/email-health';

/**
 * Asks the email service whether SMTP works. An unhealthy service answers 503 with the same
 * EmailHealth JSON, which is a result to show, not a failed request; any other failure is the ApiError.
 */
export async function fetchEmailHealth(): Promise<EmailHealth> {
  try {
    return await apiJson('GET', EMAIL_HEALTH_PATH, undefined, { schema: EmailHealth });
  } catch (error) {
    const report = error instanceof ApiError ? EmailHealth.safeParse(error.json) : null;
    if (report?.success) return report.data;
    throw error;
  }
}
