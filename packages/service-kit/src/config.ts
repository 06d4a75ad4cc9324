import { z } from 'zod';

/** Settings every service reads: where the database is and the secret shared with the gateway. */
export const BaseServiceConfig = z.object({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  IDENTITY_SECRET: z.string().min(32, 'IDENTITY_SECRET must be at least 32 characters'),
  HOST: z.string().default('127.0.0.1'),
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
