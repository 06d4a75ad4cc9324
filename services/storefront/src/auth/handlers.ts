import type { Context } from 'koa';
import type { Identity } from '@mastering/contracts';
import { endSession, normaliseEmail, requestLoginCode, sessionUser, verifyLoginCode, type AuthDeps } from './service';
import { consumeOrReject, emailClientKey, refund, type LimitCheck, type LoginLimiters } from './rate-limits';

type CookieOptions = { cookieName: string; secure: boolean; ttlHours: number };

const TOO_MANY_CODES = 'Too many login codes requested. Please wait a few minutes and try again.';
const TOO_MANY_TRIES = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * POST /auth/request-code — emails a 6-digit login code; same answer for known and unknown emails.
 * Rate-limited per client IP, per (email, client) and, higher, per email, so the form can neither flood
 * an inbox nor be used by one client to use up the requests the address's owner needs.
 */
export const requestCode = (deps: AuthDeps, limits: LoginLimiters) => async (ctx: Context) => {
  const email = normaliseEmail(ctx.state.body.email);
  await consumeOrReject(ctx, TOO_MANY_CODES, [
    [limits.requestsPerIp, ctx.ip],
    [limits.codesPerEmailClient, emailClientKey(email, ctx.ip)],
    [limits.codesPerEmail, email],
  ]);
  await requestLoginCode(deps, email, ctx.ip);
  ctx.body = { message: 'If the address can receive mail, a login code is on its way.' };
};

/**
 * POST /auth/verify-code — checks the code, starts a session (cookie rotated) and answers the user.
 * Rate-limited per IP; wrong codes are counted per (email, client) and, higher, per email, so another
 * client's wrong guesses do not lock the address's owner out.
 */
export const verifyCode = (deps: AuthDeps, cookie: CookieOptions, limits: LoginLimiters) => async (ctx: Context) => {
  const email = normaliseEmail(ctx.state.body.email);
  // Every try takes a failure point up front (so parallel guesses cannot slip past the count); a
  // successful one gives it back below.
  const failures: LimitCheck[] = [
    [limits.failuresPerEmailClient, emailClientKey(email, ctx.ip)],
    [limits.failuresPerEmail, email],
  ];
  await consumeOrReject(ctx, TOO_MANY_TRIES, [[limits.verificationsPerIp, ctx.ip], ...failures]);
  const { token, user } = await verifyLoginCode(deps, email, ctx.state.body.code);
  await refund(failures);
  const previous = ctx.state.identity as Identity | null;
  if (previous) await endSession(deps.knex, previous.sessionId);
  ctx.cookies.set(cookie.cookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: cookie.ttlHours * 3_600_000,
    path: '/',
  });
  ctx.body = { user: user.toApi() };
};

/** POST /auth/logout — ends the current session and clears the cookie. */
export const logout = (deps: AuthDeps, cookie: CookieOptions) => async (ctx: Context) => {
  const identity = ctx.state.identity as Identity | null;
  if (identity) await endSession(deps.knex, identity.sessionId);
  ctx.cookies.set(cookie.cookieName, '', { httpOnly: true, sameSite: 'lax', maxAge: 0, path: '/' });
  ctx.body = { ok: true };
};

/** GET /api/auth/me — the signed-in user, or `{ user: null }`. */
export const me = (deps: AuthDeps) => async (ctx: Context) => {
  const identity = ctx.state.identity as Identity | null;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { user: identity ? await sessionUser(deps.knex, identity.userId) : null };
};
