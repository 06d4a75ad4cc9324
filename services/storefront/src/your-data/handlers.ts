import type { Context } from 'koa';
import { DATA_CODE_SENT, DATA_PROOF_NEEDED, DELETION_REQUESTED } from '@mastering/contracts';
import { DeletionRequest, personalDataOf } from '@mastering/db';
import { Unauthorized, type RouteContext } from '@mastering/service-kit';
import { guessBudget, limitCodeRequest, limitCodeTry, limitLinkTry, type LoginLimiters } from '../auth/rate-limits';
import {
  normaliseEmail,
  requestCode,
  verifyDataAccessCode,
  verifyDataAccessLink,
  type AuthDeps,
} from '../auth/service';
import { codeBrowserNonce, setCodeBrowserCookie } from '../auth/code-browser';
import { limitDataDownload, type RequestLimiters } from '../request-limits';
import { proofOf, setProofCookie, type YourDataDeps } from './proof';

// The customer side of POPIA rights. The proof of the address is a code mailed to it: a data-access
// code (the login's machinery and rate limits, but no account is made, so a guest stays a guest) or
// the login code behind a signed-in session. These routes act on the proven email only.

/** The proven email of the request, or 401 saying how to prove it. */
async function provenEmail(ctx: Context, deps: YourDataDeps): Promise<string> {
  const { email } = await proofOf(ctx, deps);
  if (!email) throw new Unauthorized(DATA_PROOF_NEEDED);
  return email;
}

/** Swallows a unique violation (23505), rethrows anything else. */
const unlessDuplicate = (err: { code?: string }) => {
  if (err.code !== '23505') throw err;
};

/**
 * POST /api/your-data/request-code — mails a data-access code and one-time link (login's limits); same
 * answer for any address. The browser gets the code's nonce cookie (only it may type the code).
 */
export const requestDataCode = (auth: AuthDeps, limits: LoginLimiters, deps: YourDataDeps) => async (ctx: Context) => {
  const email = normaliseEmail(ctx.state.body.email);
  const client = await limitCodeRequest(ctx, limits, email);
  const { browserNonce } = await requestCode(auth, 'data-access', email, client);
  setCodeBrowserCookie(ctx, 'data-access', browserNonce, deps.cookie.secure);
  ctx.body = { message: DATA_CODE_SENT };
};

/**
 * POST /api/your-data/verify-code — checks a data-access code against the one this browser asked for,
 * spending the address's guess budget (guessBudget, shared with login); the browser gets the proof
 * cookie (no account, no session).
 */
export const verifyDataCode = (auth: AuthDeps, limits: LoginLimiters, deps: YourDataDeps) => async (ctx: Context) => {
  const email = normaliseEmail(ctx.state.body.email);
  const { succeeded } = await limitCodeTry(ctx, auth.knex, limits, email);
  await verifyDataAccessCode(auth, email, ctx.state.body.code, {
    browserNonce: codeBrowserNonce(ctx, 'data-access'),
    ...guessBudget(ctx, limits, email),
  });
  await succeeded();
  setProofCookie(ctx, deps, email);
  ctx.body = { email, via: 'code' };
};

/** POST /api/your-data/verify-link — takes a data-access mail's one-time link: the browser gets the proof cookie. */
export const verifyDataLink = (auth: AuthDeps, limits: LoginLimiters, deps: YourDataDeps) => async (ctx: Context) => {
  await limitLinkTry(ctx, limits);
  const email = await verifyDataAccessLink(auth, ctx.state.body.token);
  setProofCookie(ctx, deps, email);
  ctx.body = { email, via: 'code' };
};

/** GET /api/your-data/proof — the address this browser has proven (nulls when none). */
export const getProof = (deps: YourDataDeps) => async (ctx: Context) => {
  ctx.body = await proofOf(ctx, deps);
};

/** GET /api/your-data — the JSON download of every row about the proven address (429 past the hour's downloads). */
export const getYourData = (deps: YourDataDeps, limits: RequestLimiters) => async (ctx: RouteContext) => {
  const email = await provenEmail(ctx, deps);
  await limitDataDownload(ctx, limits, email);
  const data = await personalDataOf(deps.knex, email);
  ctx.set('Content-Disposition', 'attachment; filename="your-data.json"');
  ctx.body = data;
};

/** POST /api/your-data/deletion — records a deletion request for staff (once: a waiting one is kept). */
export const postDeletionRequest = (deps: YourDataDeps) => async (ctx: RouteContext) => {
  const email = await provenEmail(ctx, deps);
  const waiting = await DeletionRequest.query(deps.knex)
    .whereRaw('lower(email) = lower(?)', [email])
    .whereNull('completedAt')
    .first();
  // Two requests at once: the unique index keeps one, and the other answers the same.
  if (!waiting) await DeletionRequest.query(deps.knex).insert({ email }).catch(unlessDuplicate);
  ctx.status = 202;
  ctx.body = { message: DELETION_REQUESTED };
};
