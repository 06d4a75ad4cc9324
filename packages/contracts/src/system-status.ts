import { z } from 'zod';

/** What Settings → System Status checks live, in the order it shows them. */
export const SYSTEM_CHECKS = ['database', 'objectStorage', 'jobQueue'] as const;
export const SystemCheckName = z.enum(SYSTEM_CHECKS);
export type SystemCheckName = z.infer<typeof SystemCheckName>;

/** How each check is named on screen; the mail relay is the email service's SMTP check (GET /api/admin/email-health). */
export const SYSTEM_CHECK_LABELS: Record<SystemCheckName | 'mailRelay', string> = {
  database: 'Database',
  objectStorage: 'Object Storage',
  jobQueue: 'Job Queue',
  mailRelay: 'Mail Relay',
};

/** One live check: online or not, how long it took, and a plain-words note (never internal error text). */
export const SystemCheck = z.object({
  name: SystemCheckName,
  status: z.enum(['online', 'offline']),
  latencyMs: z.number().int().nonnegative(),
  note: z.string(),
});
export type SystemCheck = z.infer<typeof SystemCheck>;

/** GET /api/admin/system-status */
export const SystemStatus = z.object({ checkedAt: z.string(), checks: z.array(SystemCheck) });
export type SystemStatus = z.infer<typeof SystemStatus>;

/** POST /api/admin/settings/clear-cache: the server caches it emptied, named for a person. */
export const ClearedCaches = z.object({ cleared: z.array(z.string()) });
export type ClearedCaches = z.infer<typeof ClearedCaches>;
