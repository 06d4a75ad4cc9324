import { z } from 'zod';
import { SERVICE_PORTS } from './ports';

/**
 * Settings every service reads: where the database is, the secret shared with the gateway and the
 * site's public address. A service's bind address is its own setting (`<NAME>_HOST`, default
 * 127.0.0.1, see `bindHost`): a shared HOST would expose every service beside the gateway.
 */
export const BaseServiceConfig = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  /** The current signing secret: signs identity headers and every link token, seals stored secrets. */
  IDENTITY_SECRET: z.string().min(32, 'IDENTITY_SECRET must be at least 32 characters'),
  /**
   * Earlier values of IDENTITY_SECRET, comma-separated: they no longer sign anything but still verify
   * what they signed (links already mailed) and open what they sealed. Keep one for 90 days after
   * replacing it: the longest-lived links (delivery and mail links) last at most that long.
   */
  IDENTITY_SECRETS_PREVIOUS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, 'each of IDENTITY_SECRETS_PREVIOUS must be at least 32 characters'))),
  /** The site's address as customers see it (scheme, host, port); absolute links in mail and payment returns start with it. */
  PUBLIC_URL: z
    .url()
    .default(`http://localhost:${SERVICE_PORTS.gateway}`)
    .transform((u) => u.replace(/\/+$/, '')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/**
 * Parses `env` with a zod schema, failing fast at boot with every problem listed; the result is frozen
 * so configuration cannot drift at run time.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): Readonly<z.infer<S>> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return Object.freeze(parsed.data);
}

/** A service's bind address setting: loopback unless its own `<NAME>_HOST` says otherwise. */
export const bindHost = () => z.string().default('127.0.0.1');
