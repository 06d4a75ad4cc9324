import { z } from 'zod';
import { BaseServiceConfig, bindHost, loadConfig } from '@mastering/service-kit';

const StorefrontEnv = BaseServiceConfig.extend({
  PORT: z.coerce.number().int().positive().default(4001),
  /** Bind address; loopback so only the gateway (on this host) reaches the service. */
  STOREFRONT_HOST: bindHost(),
  /** How long a login session lasts (the back-office's session timeout default is 24 hours). */
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24),
  SESSION_COOKIE: z.string().default('sid'),
});
export type StorefrontConfig = z.infer<typeof StorefrontEnv>;

/** Reads the storefront's configuration from the environment. */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(StorefrontEnv, env);
