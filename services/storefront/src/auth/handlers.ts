import type { Context } from 'koa';
import type { Identity } from '@mastering/contracts';
import { normaliseEmail, requestLoginCode, sessionUser, verifyLoginCode, type AuthDeps } from './service';
import { Session, Setting } from '@mastering/db';
import { clientKeyOf } from '@mastering/service-kit';
import {
  consumeOrReject,
  emailClientKey,
  FREE_CODES_PER_CLIENT,
  refund,
  type LimitCheck,
  type LoginLimiters,
} from './rate-limits';

export type CookieOptions = { cookieName: string; secure: boolean };

/**
 * Sets the session cookie until `expiresAt` (or, with an empty token, clears it): httpOnly, SameSite=Lax, and Secure when
 * the site is HTTPS (`cookie.secure`, from PUBLIC_URL). Behind a TLS-terminating proxy the hop to us is
 * plain HTTP, where Koa would refuse a Secure cookie after the code was already spent; the site's
 * configured scheme, not the last hop's, is what counts.
 */
function setSessionCookie(ctx: Context, cookie: CookieOptions, token: string, expiresAt?: Date) {
  if (cookie.secure) ctx.cookies.secure = true;
  ctx.cookies.set(cookie.cookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: token && expiresAt ? expiresAt.getTime() - Date.now() : 0,
    path: '/',
  });
}

const TOO_MANY_CODES = 'Too many login codes requested. Please wait a few minutes and try again.';
const TOO_MANY_TRIES = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * POST /auth/request-code — emails a 6-digit login code; same answer for known and unknown emails.
 * Rate-limited per client IP, per (email, client) and, higher, per email, so the form can neither flood
 * an inbox nor be used by one client to use up the requests the address's owner needs: a client's
 * first code of the hour is never refused for what other clients requested.
 */
export const requestCode = (deps: AuthDeps, limits: LoginLimiters) => async (ctx: Context) => {
  const email = normaliseEmail(ctx.state.body.email);
  const client = clientKeyOf(ctx.ip);
  const [, own] = await consumeOrReject(ctx, TOO_MANY_CODES, [
    [limits.requestsPerIp, client],
    [limits.codesPerEmailClient, emailClientKey(email, client)],
  ]);
  if (own!.consumedPoints > FREE_CODES_PER_CLIENT)
    await consumeOrReject(ctx, TOO_MANY_CODES, [[limits.codesPerEmail, email]]);
  await requestLoginCode(deps, email, client);
  ctx.body = { message: 'If the address can receive mail, a login code is on its way.' };
};

/**
 * POST /auth/verify-code — checks the code, starts a session (cookie rotated) and answers the user.
 * Rate-limited per IP; wrong codes are counted per (email, client) up to the Security setting's max
 * login attempts, and never across clients, so other clients' wrong guesses cannot lock the owner out
 * (each code bounds the guesses it takes from elsewhere: see verifyLoginCode).
 */
export const verifyCode = (deps: AuthDeps, cookie: CookieOptions, limits: LoginLimiters) => async (ctx: Context) => {
  const email = normaliseEmail(ctx.state.body.email);
  const client = clientKeyOf(ctx.ip);
  // Every try takes a failure point up front (so parallel guesses cannot slip past the count); a
  // successful one gives it back below.
  const security = await Setting.section(deps.knex, 'security');
  const failures: LimitCheck[] = [
    [limits.failuresPerEmailClient, emailClientKey(email, client), security.maxLoginAttempts],
  ];
  await consumeOrReject(ctx, TOO_MANY_TRIES, [[limits.verificationsPerIp, client], ...failures]);
  const { token, expiresAt, user } = await verifyLoginCode(
    deps,
    email,
    ctx.state.body.code,
    security.sessionTimeout,
    client,
  );
  await refund(failures);
  const previous = ctx.state.identity as Identity | null;
  if (previous) await Session.end(deps.knex, previous.sessionId);
  setSessionCookie(ctx, cookie, token, expiresAt);
  ctx.body = { user: user.toApi() };
};

/** POST /auth/logout — ends the current session and clears the cookie. */
export const logout = (deps: AuthDeps, cookie: CookieOptions) => async (ctx: Context) => {
  const identity = ctx.state.identity as Identity | null;
  if (identity) await Session.end(deps.knex, identity.sessionId);
  setSessionCookie(ctx, cookie, '');
  ctx.body = { ok: true };
};

/** GET /api/auth/me — the signed-in user, or `{ user: null }`; notes that the session was used. */
export const me = (deps: AuthDeps) => async (ctx: Context) => {
  const identity = ctx.state.identity as Identity | null;
  if (identity) await Session.touch(deps.knex, identity.sessionId);
  ctx.body = { user: identity ? await sessionUser(deps.knex, identity.userId) : null };
};
