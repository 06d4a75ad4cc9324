import type { Context } from 'koa';
import type { Identity } from '@mastering/contracts';
import {
  normaliseEmail,
  requestCode as requestEmailCode,
  sessionUser,
  verifyLoginCode,
  verifyLoginLink,
  type AuthDeps,
  type SignedIn,
} from './service';
import { Session, Setting } from '@mastering/db';
import { guessBudget, limitCodeRequest, limitCodeTry, limitLinkTry, type LoginLimiters } from './rate-limits';
import { codeBrowserNonce, setCodeBrowserCookie } from './code-browser';

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
 * POST /auth/request-code — emails a 6-digit login code and a one-time sign-in link; same answer for
 * known and unknown emails. The browser gets the code's nonce cookie. Rate-limited by limitCodeRequest.
 */
export const requestCode = (deps: AuthDeps, cookie: CookieOptions, limits: LoginLimiters) => async (ctx: Context) => {
  const email = normaliseEmail(ctx.state.body.email);
  const client = await limitCodeRequest(ctx, limits, email);
  const { browserNonce } = await requestEmailCode(deps, 'login', email, client);
  setCodeBrowserCookie(ctx, 'login', browserNonce, cookie.secure);
  ctx.body = { message: 'If the address can receive mail, a login code is on its way.' };
};

/** Ends the caller's previous session, if any, and sets the new one's cookie; answers the user. */
async function startSession(ctx: Context, deps: AuthDeps, cookie: CookieOptions, { token, expiresAt, user }: SignedIn) {
  const previous = ctx.state.identity as Identity | null;
  if (previous) await Session.end(deps.knex, previous.sessionId);
  setSessionCookie(ctx, cookie, token, expiresAt);
  ctx.body = { user: user.toApi() };
}

/**
 * POST /auth/verify-code — checks the code against the one this browser asked for (its nonce cookie),
 * starts a session (cookie rotated) and answers the user. Rate-limited by limitCodeTry; each compared
 * code spends the address's guess budget (guessBudget).
 */
export const verifyCode = (deps: AuthDeps, cookie: CookieOptions, limits: LoginLimiters) => async (ctx: Context) => {
  const email = normaliseEmail(ctx.state.body.email);
  const { security, succeeded } = await limitCodeTry(ctx, deps.knex, limits, email);
  const signedIn = await verifyLoginCode(deps, email, ctx.state.body.code, security.sessionTimeout, {
    browserNonce: codeBrowserNonce(ctx, 'login'),
    ...guessBudget(ctx, limits, email),
  });
  await succeeded();
  await startSession(ctx, deps, cookie, signedIn);
};

/**
 * POST /auth/verify-link — takes the one-time token of a login mail's sign-in link and starts a session,
 * from any browser and whatever the guess budget. Rate-limited per IP (a token is 256 random bits).
 */
export const verifyLink = (deps: AuthDeps, cookie: CookieOptions, limits: LoginLimiters) => async (ctx: Context) => {
  await limitLinkTry(ctx, limits);
  const security = await Setting.section(deps.knex, 'security');
  await startSession(ctx, deps, cookie, await verifyLoginLink(deps, ctx.state.body.token, security.sessionTimeout));
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
