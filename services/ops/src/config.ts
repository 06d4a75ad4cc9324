import { z } from 'zod';
import { BaseServiceConfig, bindHost, loadConfig, portSetting } from '@mastering/service-kit';

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
});
export type OpsConfig = z.infer<typeof OpsEnv>;

/** Reads the ops service's configuration from the environment. */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(OpsEnv, env);
