import { NotFoundError } from 'objection';
import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { DomainError, type DomainErrorKind } from '@mastering/contracts';
import { redactUrl } from './redact';

/** The one place a domain error (packages/orders) becomes an HTTP status. */
export const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  'not-allowed': 403,
  'not-found': 404,
  conflict: 409,
};

/** An error that already knows its HTTP status; domain code throws its subclasses. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request is malformed or breaks a rule of the spec (400); the message is shown to the user. */
export class BadRequest extends HttpError {
  constructor(message: string, details?: unknown) {
    super(400, message, details);
  }
}

/** The thing asked for does not exist (404). */
export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

/** The request clashes with the current state, e.g. a duplicate (409). */
export class Conflict extends HttpError {
  constructor(message: string, details?: unknown) {
    super(409, message, details);
  }
}

/** The request is well-formed but not acceptable (422), or malformed (400) when `status` says so. */
export class Invalid extends HttpError {
  constructor(message: string, details?: unknown, status: 400 | 413 | 415 | 422 = 422) {
    super(status, message, details);
  }
}

/** No identity where one is required (401). */
export class Unauthorized extends HttpError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

/** An identity without the needed role (403). */
export class Forbidden extends HttpError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}

/** Too many attempts in a window (429). */
export class TooManyRequests extends HttpError {
  constructor(message = 'Too many requests, please try again later') {
    super(429, message);
  }
}

/** A dependency (database, SMTP, another service) is down (503). */
export class Unavailable extends HttpError {
  constructor(message = 'Service temporarily unavailable') {
    super(503, message);
  }
}

export type ErrorResponse = { status: number; body: { error: string; details?: unknown } };

// PostgreSQL SQLSTATE codes we translate; anything else is a 500.
const PG_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'A record with these values already exists'],
  '23503': [409, 'A related record is missing or still in use'],
  '23514': [400, 'A value is not allowed'],
  '23502': [400, 'A required value is missing'],
  '22P02': [400, 'A value has the wrong format'],
  '22001': [400, 'A value is too long'],
  '22003': [400, 'A number is out of range'],
};

/**
 * Maps any thrown value to the HTTP status and JSON body the client sees: domain errors keep their
 * status, zod errors become 400 with details, database constraint errors 400/409; the rest 500
 * with a generic message (never a stack trace).
 */
export function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof HttpError) {
    return { status: err.status, body: withDetails(err.message, err.details) };
  }
  if (err instanceof DomainError) return { status: DOMAIN_STATUS[err.kind], body: { error: err.message } };
  if (err instanceof ZodError) {
    const details = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return { status: 400, body: { error: details[0]?.message ?? 'Invalid request', details } };
  }
  const e = err as {
    status?: unknown;
    expose?: unknown;
    message?: unknown;
    code?: unknown;
    nativeError?: { code?: unknown };
  };
  // Koa/http-errors style errors (e.g. the body parser's 413) carry a status and `expose`.
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.expose !== false) {
    return { status: e.status, body: { error: String(e.message ?? 'Bad request') } };
  }
  const code =
    typeof e?.code === 'string' ? e.code : typeof e?.nativeError?.code === 'string' ? e.nativeError.code : undefined;
  if (code && PG_ERRORS[code]) {
    const [status, error] = PG_ERRORS[code];
    return { status, body: { error } };
  }
  if (isDatabaseUnavailable(err)) return { status: 503, body: { error: new Unavailable().message } };
  // By class, not by `name`: a bundle that renames the class (NotFoundError2) renames that too.
  if (err instanceof NotFoundError) return { status: 404, body: { error: 'Not found' } };
  return { status: 500, body: { error: 'Internal server error' } };
}

function withDetails(error: string, details: unknown) {
  return details === undefined ? { error } : { error, details };
}

// Connection-level failures: the database (or the network to it) is down or restarting. SQLSTATE
// class 08 is connection exceptions, 57P01-57P03 an administrator shutdown or a server starting up.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Knex: Timeout acquiring a connection/i;

/** True when `err` says the database cannot be reached right now (answered as 503, not 500). */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown[];
    nativeError?: unknown;
  } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  if (e.name === 'KnexTimeoutError') return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  // Node wraps parallel connection attempts (IPv4 and IPv6) in an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  // objection wraps the driver's error (DBError.nativeError); others chain it as `cause`.
  if (e.nativeError !== undefined && e.nativeError !== err && isDatabaseUnavailable(e.nativeError)) return true;
  return e.cause !== undefined && e.cause !== err && isDatabaseUnavailable(e.cause);
}

/**
 * Catches whatever the rest of the chain throws and answers it as JSON `{error, details?}` with the
 * status `toErrorResponse` gives it; 5xx are logged with the request id (the client never sees why).
 */
export function errorMiddleware(logger: {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const { status, body } = toErrorResponse(err);
      const log = { err, requestId: ctx.state.requestId, method: ctx.method, path: redactUrl(ctx.path) };
      if (status === 503) logger.warn(log, 'dependency unavailable');
      else if (status >= 500) logger.error(log, 'request failed');
      if (status === 503) ctx.set('Retry-After', '5');
      ctx.status = status;
      ctx.body = body;
    }
  };
}
