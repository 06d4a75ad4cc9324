import { z } from 'zod';
import { BaseServiceConfig, bindHost, loadConfig } from '@mastering/service-kit';

const OpsEnv = BaseServiceConfig.extend({
  PORT: z.coerce.number().int().positive().default(4002),
  /** Bind address; loopback so only the gateway (on this host) reaches the service. */
  OPS_HOST: bindHost(),
});
export type OpsConfig = z.infer<typeof OpsEnv>;

/** Reads the ops service's configuration from the environment. */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(OpsEnv, env);
