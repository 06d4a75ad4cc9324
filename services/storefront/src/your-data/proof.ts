import type { Context } from 'koa';
import type { Knex } from 'knex';
import { DATA_ACCESS_MINUTES, type DataAccessProof, type Identity } from '@mastering/contracts';
import { User } from '@mastering/db';
import { createTokenSigner, type Secrets, type TokenSigner } from '@mastering/service-kit';

// The proof that this browser received a data-access code mailed to an address: a signed, expiring
// token (the one signer, its own `data-access` purpose) in an httpOnly cookie scoped to /api/your-data.
// Stateless, so every replica can check it; it names the address and nothing else.

/** A token proving the browser holds `email` (normalised) until it expires. */
export type DataAccessProofs = TokenSigner<{ email: string }>;

/** The data-access proof signer of a keyring (or lone secret). */
export function createDataAccessProofs(secrets: Secrets): DataAccessProofs {
  return createTokenSigner(secrets, 'data-access', (c) => (typeof c.email === 'string' ? { email: c.email } : null));
}

/** Where the proof cookie is sent: the Your data routes only. */
const COOKIE_PATH = '/api/your-data';

/** How the proof cookie is set: its name, and Secure when the site is HTTPS (PUBLIC_URL). */
export type ProofCookie = { cookieName: string; secure: boolean };

/** What the Your data routes need: the database, the proof signer and its cookie. */
export type YourDataDeps = { knex: Knex; proofs: DataAccessProofs; cookie: ProofCookie };

/** Sets the proof cookie for `email`, working DATA_ACCESS_MINUTES from now (httpOnly, SameSite=Strict). */
export function setProofCookie(ctx: Context, deps: YourDataDeps, email: string, now = new Date()): void {
  const ms = DATA_ACCESS_MINUTES * 60_000;
  // Behind a TLS-terminating proxy the hop to us is plain HTTP; the site's public scheme decides Secure.
  if (deps.cookie.secure) ctx.cookies.secure = true;
  ctx.cookies.set(deps.cookie.cookieName, deps.proofs.sign({ email }, new Date(now.getTime() + ms)), {
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.cookie.secure,
    maxAge: ms,
    path: COOKIE_PATH,
  });
}

/**
 * The address this request has proven, and how: a live data-access cookie first (the code was typed
 * in this browser), else the signed-in session's account (its login code proved it). Nothing: nulls.
 */
export async function proofOf(ctx: Context, deps: YourDataDeps): Promise<DataAccessProof> {
  const token = ctx.cookies.get(deps.cookie.cookieName);
  const verified = token ? deps.proofs.verify(token) : null;
  if (verified && verified !== 'expired') return { email: verified.claims.email, via: 'code' };
  const identity = ctx.state.identity as Identity | null;
  const user = identity ? await User.query(deps.knex).findById(identity.userId) : undefined;
  return user ? { email: user.email, via: 'session' } : { email: null, via: null };
}
