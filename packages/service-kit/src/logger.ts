import { pino, type Logger } from 'pino';

/** A pino logger named after the service; JSON lines, level from LOG_LEVEL. */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name, level, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime });
}
export type { Logger };
