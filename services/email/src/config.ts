import { z } from 'zod';
import { BaseServiceConfig, bindHost, loadConfig, portSetting } from '@mastering/service-kit';

const EmailEnv = BaseServiceConfig.extend({
  PORT: portSetting('email'),
  /** Bind address; loopback so only the gateway (on this host) reaches the service. */
  EMAIL_HOST: bindHost(),
  /** SMTP server, e.g. smtp://user:pass@smtp.example.com:587 (npm start points it at the local MailDev). */
  SMTP_URL: z.string().min(1, 'SMTP_URL is required'),
  MAIL_FROM: z.string().default('Mastering Studio <studio@example.com>'),
  /** How many emails one worker sends at once. */
  MAIL_CONCURRENCY: z.coerce.number().int().positive().default(5),
  /** Campaign sending pace per worker process, messages per second; 0 turns the throttle off. */
  CAMPAIGN_RATE: z.coerce.number().nonnegative().default(20),
  /** Campaign messages one worker has in flight at once (also its SMTP connection pool size). */
  CAMPAIGN_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /** Set to "false" to run the API without the mail worker (e.g. a separate worker deployment). */
  MAIL_WORKER: z.enum(['true', 'false']).default('true'),
});
export type EmailConfig = z.infer<typeof EmailEnv>;

/** Reads the email service's configuration from the environment. */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(EmailEnv, env);
