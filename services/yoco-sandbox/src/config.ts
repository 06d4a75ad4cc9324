import { z } from 'zod';
import { bindHost, loadConfig, portSetting } from '@mastering/service-kit';

// The sandbox stands in for an external site: it has no database and no share in the gateway's
// identity secret, so it does not extend BaseServiceConfig.
const SandboxEnv = z
  .object({
    PORT: portSetting('yoco-sandbox'),
    /** Bind address; loopback by default, like a service, although it is reached directly (not via the gateway). */
    YOCO_SANDBOX_HOST: bindHost(),
    /** Where browsers and the storefront reach the sandbox; hosted-page links start with it. */
    YOCO_API_URL: z.url().optional(),
    /** The secret key callers must send as `Authorization: Bearer …` (random per run under npm start). */
    YOCO_SECRET_KEY: z.string().startsWith('sk_test_', 'YOCO_SECRET_KEY must be a test key (sk_test_…)'),
    /** Standard Webhooks signing secret, `whsec_<base64>`. */
    YOCO_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]+={0,2}$/, 'YOCO_WEBHOOK_SECRET must look like whsec_<base64>'),
    /** The storefront's webhook endpoint, e.g. http://localhost:8080/api/payment/webhook. */
    YOCO_WEBHOOK_URL: z.url('YOCO_WEBHOOK_URL must be a URL'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .transform((env) => ({
    ...env,
    YOCO_API_URL: (env.YOCO_API_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/+$/, ''),
  }));
export type SandboxConfig = z.infer<typeof SandboxEnv>;

/** Reads the Yoco sandbox's configuration from the environment. */
export const readConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(SandboxEnv, env);
