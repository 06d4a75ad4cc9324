import type { Context } from 'koa';
import type { Identity } from '@mastering/contracts';
import {
  normaliseEmail,
  requestCode as requestEmailCode,
  sessionUser,
  verifyLoginCode,
  type AuthDeps,
} from './service';
import { Session } from '@mastering/db';
import { limitCodeRequest, limitCodeTry, type LoginLimiters } from './rate-limits';

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

/**
 * POST /auth/request-code — emails a 6-digit login code; same answer for known and unknown emails.
 * Rate-limited by limitCodeRequest.
 */
export const requestCode = (deps: AuthDeps, limits: LoginLimiters) => async (ctx: Context) => {
  const email = normaliseEmail(ctx.state.body.email);
  const client = await limitCodeRequest(ctx, limits, email);
  await requestEmailCode(deps, 'login', email, client);
  ctx.body = { message: 'If the address can receive mail, a login code is on its way.' };
};

/**
 * POST /auth/verify-code — checks the code, starts a session (cookie rotated) and answers the user.
 * Rate-limited by limitCodeTry (each code also bounds the guesses it takes from elsewhere: see proveCode).
 */
export const verifyCode = (deps: AuthDeps, cookie: CookieOptions, limits: LoginLimiters) => async (ctx: Context) => {
  const email = normaliseEmail(ctx.state.body.email);
  const { client, security, succeeded } = await limitCodeTry(ctx, deps.knex, limits, email);
  const { token, expiresAt, user } = await verifyLoginCode(
    deps,
    email,
    ctx.state.body.code,
    security.sessionTimeout,
    client,
  );
  await succeeded();
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
