import type { Context } from 'koa';
import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { clientKeyOf, TooManyRequests } from '@mastering/service-kit';
import { Setting } from '@mastering/db';
import { CODE_GUESSES_SPENT, MAX_LOGIN_ATTEMPTS_LIMIT } from '@mastering/contracts';

/**
 * Login limits. Code requests and tries are counted per (email, client address), so one client cannot
 * use up what the address's owner needs; the per-email cap on code requests only bounds inbox flooding,
 * and never refuses a client's first code of the hour. Tries are allowed up to the Security setting
 * "Max login attempts" per (email, client) an hour. What bounds guessing is the per-email guess budget:
 * a code is compared only for the browser that asked for it (proveCode in service.ts), and at most
 * `wrongCodesPerEmailPerDay` codes are compared for an address in 24 hours, from all clients together,
 * so each comparison being one chance in 10^6, the odds of guessing into an address are at most
 * 1 in 1,000,000 a day however many addresses guess. When the budget is spent, the mail's one-time
 * sign-in link still signs the owner in, so nobody can lock them out.
 */
export const LOGIN_LIMITS = {
  requestsPerIpPer10Min: 20,
  codesPerEmailClientPerHour: 5,
  codesPerEmailPerHour: 20,
  verificationsPerIpPer10Min: 30,
  wrongCodesPerEmailPerDay: 1,
} as const;

/** Codes per (email, client) an hour that the shared per-email cap never refuses. */
export const FREE_CODES_PER_CLIENT = 1;

export type LoginLimiters = ReturnType<typeof createLoginLimiters>;

/**
 * One limiter, the key it counts under and, optionally, a cap below the limiter's own points (for a
 * limit an admin setting decides: the limiter counts up to the highest allowed value, the cap applies
 * the current one, so a changed setting needs no new limiter and keeps the counts).
 */
export type LimitCheck = [RateLimiterPostgres, string, number?];

/**
 * The login rate limiters, counted in PostgreSQL (table `rate_limits`, created by the migrations) so
 * every replica of the service shares the counts.
 */
export function createLoginLimiters(knex: Knex) {
  const store = (keyPrefix: string, points: number, duration: number) =>
    postgresLimiter(knex, keyPrefix, points, duration);
  return {
    requestsPerIp: store('login-code-ip', LOGIN_LIMITS.requestsPerIpPer10Min, 600),
    codesPerEmailClient: store('login-code-email-client', LOGIN_LIMITS.codesPerEmailClientPerHour, 3600),
    codesPerEmail: store('login-code-email', LOGIN_LIMITS.codesPerEmailPerHour, 3600),
    verificationsPerIp: store('login-verify-ip', LOGIN_LIMITS.verificationsPerIpPer10Min, 600),
    failuresPerEmailClient: store('login-fail-email-client', MAX_LOGIN_ATTEMPTS_LIMIT, 3600),
    guessesPerEmail: store('login-guess-email', LOGIN_LIMITS.wrongCodesPerEmailPerDay, 86_400),
  };
}

/** A limiter of `points` per `duration` seconds under `keyPrefix`, counted in PostgreSQL (shared by every replica). */
export function postgresLimiter(knex: Knex, keyPrefix: string, points: number, duration: number) {
  return new RateLimiterPostgres({
    storeClient: knex,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix,
    points,
    duration,
  });
}

/** The key of a per-(email, client) counter; `client` is clientKeyOf the address (an IPv6 one by its /64). */
export function emailClientKey(email: string, ip: string): string {
  return `${email}|${ip}`;
}

/**
 * Takes one point from each limiter in the order given, stopping at the first that is used up, which
 * answers 429 with Retry-After and `message`. Callers list the narrowest counter (the client's own)
 * first, so a client already over its own limit never spends the shared per-email points. Answers
 * each limiter's state after the take. A store failure propagates (it is a server error, not a pass).
 */
export async function consumeOrReject(ctx: Context, message: string, checks: LimitCheck[]): Promise<RateLimiterRes[]> {
  const taken: RateLimiterRes[] = [];
  const reject = (res: RateLimiterRes) => {
    ctx.set('Retry-After', String(Math.ceil(res.msBeforeNext / 1000)));
    return new TooManyRequests(message);
  };
  for (const [limiter, key, cap] of checks) {
    let res: RateLimiterRes;
    try {
      res = await limiter.consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw reject(rejection);
    }
    if (cap !== undefined && res.consumedPoints > cap) throw reject(res);
    taken.push(res);
  }
  return taken;
}

/** Gives back the point each limiter took for its key (an attempt that turned out not to count). */
export async function refund(checks: LimitCheck[]): Promise<void> {
  await Promise.all(checks.map(([limiter, key]) => limiter.reward(key)));
}

const TOO_MANY_CODES = 'Too many login codes requested. Please wait a few minutes and try again.';
const TOO_MANY_TRIES = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * The guess budget of `email` (login and data-access codes together), for proveCode: `spendGuess` takes
 * a guess before a code is compared, refusing with 429 (CODE_GUESSES_SPENT) when the day's are spent;
 * `forgiveGuesses` clears the count after a right code. The point is taken before the comparison and
 * kept when the code was wrong, so parallel guesses cannot slip past; the count's 24 hours start at the
 * first guess after a clear, so two wrong codes compared for one address are always 24 hours apart.
 */
export function guessBudget(ctx: Context, limits: LoginLimiters, email: string) {
  return {
    spendGuess: async () => {
      await consumeOrReject(ctx, CODE_GUESSES_SPENT, [[limits.guessesPerEmail, email]]);
    },
    forgiveGuesses: async () => {
      await limits.guessesPerEmail.delete(email);
    },
  };
}

/**
 * Counts a request for a code (login or data access alike) mailed to `email`, refusing with 429 past a
 * limit: per client IP, per (email, client) and, higher, per email, so the form can neither flood an
 * inbox nor be used by one client to use up the requests the address's owner needs: a client's first
 * code of the hour is never refused for what other clients requested. Answers the client's key.
 */
export async function limitCodeRequest(ctx: Context, limits: LoginLimiters, email: string): Promise<string> {
  const client = clientKeyOf(ctx.ip);
  const [, own] = await consumeOrReject(ctx, TOO_MANY_CODES, [
    [limits.requestsPerIp, client],
    [limits.codesPerEmailClient, emailClientKey(email, client)],
  ]);
  if (own!.consumedPoints > FREE_CODES_PER_CLIENT)
    await consumeOrReject(ctx, TOO_MANY_CODES, [[limits.codesPerEmail, email]]);
  return client;
}

/**
 * Counts a try of a code for `email` (login or data access alike), refusing with 429 past a limit: per
 * IP, and failed tries per (email, client) up to the Security setting's max login attempts. Every try
 * takes a failure point up front (so parallel tries cannot slip past the count); `succeeded` gives it
 * back. What bounds guessing across clients is the guess budget (guessBudget), spent only when a code
 * is compared. Answers the client's key, the security settings and `succeeded`.
 */
export async function limitCodeTry(ctx: Context, knex: Knex, limits: LoginLimiters, email: string) {
  const client = clientKeyOf(ctx.ip);
  const security = await Setting.section(knex, 'security');
  const failures: LimitCheck[] = [
    [limits.failuresPerEmailClient, emailClientKey(email, client), security.maxLoginAttempts],
  ];
  await consumeOrReject(ctx, TOO_MANY_TRIES, [[limits.verificationsPerIp, client], ...failures]);
  return { client, security, succeeded: () => refund(failures) };
}

/** Counts a try of a sign-in link's token (login or data access alike) against the per-IP limit of tries. */
export async function limitLinkTry(ctx: Context, limits: LoginLimiters): Promise<void> {
  await consumeOrReject(ctx, TOO_MANY_TRIES, [[limits.verificationsPerIp, clientKeyOf(ctx.ip)]]);
}
