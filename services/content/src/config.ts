import { z } from 'zod';
import { BaseServiceConfig, bindHost, loadConfig, portSetting } from '@mastering/service-kit';

const ContentEnv = BaseServiceConfig.extend({
  PORT: portSetting('content'),
  /** Bind address; loopback so only the gateway (on this host) reaches the service. */
  CONTENT_HOST: bindHost(),
  /** Root folder of the local object storage (showcase audio, artwork, avatars). */
  STORAGE_DIR: z.string().default('.data/storage'),
});
export type ContentConfig = z.infer<typeof ContentEnv>;

/** Reads the content service's configuration from the environment. */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(ContentEnv, env);
