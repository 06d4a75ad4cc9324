import type { Context } from 'koa';
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { TooManyRequests } from '@mastering/service-kit';

/** Login codes per email per hour, and code requests and verifications per client IP per 10 minutes. */
export const LOGIN_LIMITS = { codesPerEmailPerHour: 5, requestsPerIpPer10Min: 20, verificationsPerIpPer10Min: 30 } as const;

export type LoginLimiters = ReturnType<typeof createLoginLimiters>;

/**
 * The login rate limiters, counted in PostgreSQL (table `rate_limits`, created by the migrations) so
 * every replica of the service shares the counts.
 */
export function createLoginLimiters(knex: Knex) {
  const store = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterPostgres({ storeClient: knex, storeType: 'knex', tableName: 'rate_limits', tableCreated: true, keyPrefix, points, duration });
  return {
    codesPerEmail: store('login-code-email', LOGIN_LIMITS.codesPerEmailPerHour, 3600),
    requestsPerIp: store('login-code-ip', LOGIN_LIMITS.requestsPerIpPer10Min, 600),
    verificationsPerIp: store('login-verify-ip', LOGIN_LIMITS.verificationsPerIpPer10Min, 600),
  };
}

/**
 * Takes one point from each limiter for its key; when any is used up, answers 429 with Retry-After
 * and the given message. A store failure propagates (it is a server error, not a pass).
 */
export async function consumeOrReject(ctx: Context, message: string, checks: [RateLimiterPostgres, string][]): Promise<void> {
  try {
    await Promise.all(checks.map(([limiter, key]) => limiter.consume(key)));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    ctx.set('Retry-After', String(Math.ceil(rejection.msBeforeNext / 1000)));
    throw new TooManyRequests(message);
  }
}
