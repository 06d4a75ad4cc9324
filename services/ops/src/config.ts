import { z } from 'zod';
import { BaseServiceConfig, bindHost, loadConfig, portSetting, SERVICE_PORTS } from '@mastering/service-kit';

/** Where another service is (as the gateway's `<NAME>_URL`: one URL or a list of replicas, any of which will do). */
const serviceUrl = (name: 'storefront' | 'content' | 'email') =>
  z
    .string()
    .default(`http://127.0.0.1:${SERVICE_PORTS[name]}`)
    .transform((list) => list.split(',')[0]!.trim())
    .pipe(z.url());

const OpsEnv = BaseServiceConfig.extend({
  PORT: portSetting('ops'),
  /** Bind address; loopback so only the gateway (on this host) reaches the service. */
  OPS_HOST: bindHost(),
  /** How long a mastered-file upload URL accepts bytes (as the storefront's UPLOAD_URL_TTL_HOURS). */
  UPLOAD_URL_TTL_HOURS: z.coerce.number().positive().default(12),
  /** How long the staff's signed links to an original or mastered file work. */
  FILE_LINK_MINUTES: z.coerce.number().positive().default(10),
  /** How long the list screens' counters (aggregates over every order and file) are reused; writes here drop them. */
  COUNTERS_CACHE_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * "false" runs the back-office API without the job worker (audio analysis, late orders, retention,
   * feedback requests, search indexes): a deployment scales the worker as a role of its own.
   */
  OPS_WORKER: z.enum(['true', 'false']).default('true'),
  /** Folder of the pg_dump Backup Database runs (e.g. /usr/lib/postgresql/15/bin); unset or empty: pg_dump on PATH. */
  PG_BIN_DIR: z.string().optional(),
  /** The owners erasure asks to erase a person from their tables (their internal routes). */
  STOREFRONT_URL: serviceUrl('storefront'),
  CONTENT_URL: serviceUrl('content'),
  EMAIL_URL: serviceUrl('email'),
});
export type OpsConfig = z.infer<typeof OpsEnv>;

/** Reads the ops service's configuration from the environment. */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(OpsEnv, env);
