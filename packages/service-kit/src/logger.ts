import { pino, type Logger } from 'pino';

/** A pino logger named after the service; JSON lines, level from LOG_LEVEL. */
export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ name, level, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime });
}

/** How long a buffered log line may wait before it is written. */
const FLUSH_MS = 250;

/**
 * Like createLogger, for a stream of many small lines (the gateway's access log): lines are gathered
 * and written to stdout in blocks of about 8 KB, or at least every FLUSH_MS, instead of one
 * synchronous write each, a system call per request. pino flushes what is
 * left when the process exits.
 */
export function createBufferedLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 8 * 1024 });
  setInterval(() => destination.flush(), FLUSH_MS).unref();
  return pino({ name, level, base: { service: name }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}
export type { Logger };
