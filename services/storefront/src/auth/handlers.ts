import type { Context } from 'koa';
import type { Identity } from '@mastering/contracts';
import { endSession, requestLoginCode, sessionUser, verifyLoginCode, type AuthDeps } from './service';

type CookieOptions = { cookieName: string; secure: boolean; ttlHours: number };

/** POST /auth/request-code — emails a 6-digit login code; same answer for known and unknown emails. */
export const requestCode = (deps: AuthDeps) => async (ctx: Context) => {
  await requestLoginCode(deps, ctx.state.body.email, ctx.ip);
  ctx.body = { message: 'If the address can receive mail, a login code is on its way.' };
};

/** POST /auth/verify-code — checks the code, starts a session (cookie rotated) and answers the user. */
export const verifyCode = (deps: AuthDeps, cookie: CookieOptions) => async (ctx: Context) => {
  const { token, user } = await verifyLoginCode(deps, ctx.state.body.email, ctx.state.body.code);
  const previous = ctx.state.identity as Identity | null;
  if (previous) await endSession(deps.knex, previous.sessionId);
  ctx.cookies.set(cookie.cookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: cookie.ttlHours * 3_600_000,
    path: '/',
  });
  ctx.body = { user: await sessionUser(deps.knex, user.id) };
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
