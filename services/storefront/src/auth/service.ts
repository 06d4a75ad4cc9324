import { createHmac, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { deriveKey, hashToken, BadRequest, newSessionToken, sameHash } from '@mastering/service-kit';
import { sendMail, type Queue } from '@mastering/jobs';
import { INVALID_OR_EXPIRED_CODE, LOGIN_CODE_LENGTH, type SessionUser } from '@mastering/contracts';
import { LoginCode, Session, User } from '@mastering/db';

/** Login codes live 10 minutes (storefront spec §9). */
export const CODE_TTL_MS = 10 * 60_000;

/**
 * How many of the newest unexpired codes one client address requested for an email verify. Codes
 * are kept per client, so requests from elsewhere never retire the code the owner is typing; few, so
 * guessing has few targets.
 */
export const LIVE_CODES = 3;

/**
 * Wrong guesses from other client addresses a code takes before it stops working anywhere but at the
 * address that requested it. Guessing a code from elsewhere is so bounded for good, and however
 * many wrong codes others send, the owner's own code still signs them in from their own address.
 */
export const FOREIGN_GUESSES_PER_CODE = 3;

export type AuthDeps = { knex: Knex; queue: Queue; secret: string };

// A 6-digit code has only a million values, so a plain hash could be reversed from a database dump;
// keying it prevents that. The key is derived for this purpose only (identity tokens get another).
const codeHash = (secret: string, email: string, code: string) =>
  createHmac('sha256', deriveKey(secret, 'login-code-hash')).update(`${email}:${code}`).digest('hex');

const newCode = () => String(randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');

/** An email as login compares it: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True when a code may be tried from client address `ip`: its own address always, others until it has taken FOREIGN_GUESSES_PER_CODE wrong ones. */
const triableFrom = (row: LoginCode, ip: string | null) =>
  row.requestedIp === ip || row.attempts < FOREIGN_GUESSES_PER_CODE;

/** The codes of `email` that still verify, newest first, locked for the rest of the transaction. */
const liveCodes = (trx: Knex.Transaction, email: string) =>
  LoginCode.query(trx)
    .modify('usable')
    .where('login_codes.email', email)
    .orderBy('login_codes.createdAt', 'desc')
    .forUpdate();

/**
 * Issues a fresh 6-digit code for `email` to client address `ip` and queues the login-code email. That
 * address's newest codes stay valid (LIVE_CODES in all); its older ones stop working; other addresses'
 * codes are untouched. Answers the same whether or not the address belongs to a user.
 */
export async function requestLoginCode(deps: AuthDeps, rawEmail: string, ip: string | undefined): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const client = ip ?? null;
  const code = await deps.knex.transaction(async (trx) => {
    const live = await liveCodes(trx, email);
    // A new code never equals one that still verifies, so a code always identifies one row.
    let code: string;
    let hash: string;
    do {
      code = newCode();
      hash = codeHash(deps.secret, email, code);
    } while (live.some((row) => sameHash(row.codeHash, hash)));
    await LoginCode.query(trx).insert({
      email,
      codeHash: hash,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
      attempts: 0,
      requestedIp: client,
    });
    const retired = live
      .filter((row) => row.requestedIp === client)
      .slice(LIVE_CODES - 1)
      .map((row) => row.id);
    if (retired.length > 0) await LoginCode.query(trx).findByIds(retired).patch({ consumedAt: new Date() });
    return code;
  });
  await sendMail(deps.queue, {
    to: email,
    template: 'login-code',
    params: { code, expiresInMinutes: CODE_TTL_MS / 60_000 },
  });
}

/**
 * Checks a code, typed at client address `ip`, against the email's live codes that may be tried from
 * there (triableFrom); on success uses up all of them, creates the user as a customer if new, and
 * starts a session of `sessionHours` (the Security setting's session timeout). Returns the session
 * token and its end (for the cookie) and the user. A wrong code counts as a guess against every code it
 * was compared with that another address requested; the caller counts wrong tries per (email, client).
 */
export async function verifyLoginCode(
  deps: AuthDeps,
  rawEmail: string,
  code: string,
  sessionHours: number,
  ip: string | undefined,
): Promise<{ token: string; expiresAt: Date; user: User }> {
  const email = normaliseEmail(rawEmail);
  const hash = codeHash(deps.secret, email, code);
  const client = ip ?? null;
  const signedIn = await deps.knex.transaction(async (trx) => {
    const triable = (await liveCodes(trx, email)).filter((row) => triableFrom(row, client));
    // Compare with every triable code (constant time each), so the answer time does not tell which matched.
    const matches = triable.filter((row) => sameHash(row.codeHash, hash));
    if (matches.length === 0) {
      const foreign = triable.filter((row) => row.requestedIp !== client).map((row) => row.id);
      if (foreign.length > 0) await LoginCode.query(trx).findByIds(foreign).increment('attempts', 1);
      return null; // committed: the guesses count
    }
    // The address is proven; its other pending codes are no longer needed, so nobody may guess them.
    await LoginCode.query(trx).modify('usable').where('login_codes.email', email).patch({ consumedAt: new Date() });
    const user =
      (await User.query(trx).modify('withEmail', email).first()) ??
      (await User.query(trx).insert({ email, role: 'customer', isActive: true }).returning('*'));
    if (!user.isActive) throw new BadRequest(INVALID_OR_EXPIRED_CODE);
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + sessionHours * 3_600_000);
    await Session.start(trx, { tokenHash: hashToken(token), userId: user.id, expiresAt });
    return { token, expiresAt, user };
  });
  if (!signedIn) throw new BadRequest(INVALID_OR_EXPIRED_CODE);
  return signedIn;
}

/** The signed-in user in its API shape, or null. */
export async function sessionUser(knex: Knex, userId: string): Promise<SessionUser | null> {
  const user = await User.query(knex).findById(userId);
  return user ? user.toApi() : null;
}
