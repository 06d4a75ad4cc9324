import { createHmac, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { deriveKey, hashToken, BadRequest, newSessionToken, sameHash } from '@mastering/service-kit';
import { sendMail, type Queue } from '@mastering/jobs';
import {
  INVALID_OR_EXPIRED_CODE,
  LOGIN_CODE_LENGTH,
  type MailTemplateName,
  type SessionUser,
} from '@mastering/contracts';
import { type CodePurpose, LoginCode, Session, User } from '@mastering/db';

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

/** The codes of `email` for `purpose` that still verify, newest first, locked for the rest of the transaction. */
const liveCodes = (trx: Knex.Transaction, purpose: CodePurpose, email: string) =>
  LoginCode.query(trx)
    .modify('usable')
    .where('login_codes.email', email)
    .where('login_codes.purpose', purpose)
    .orderBy('login_codes.createdAt', 'desc')
    .forUpdate();

/** The mail each purpose's code goes out as (a data-access code says it opens no account). */
const CODE_MAILS = { login: 'login-code', 'data-access': 'data-access-code' } as const satisfies Record<
  CodePurpose,
  MailTemplateName
>;

/**
 * Issues a fresh 6-digit code for `purpose` and `email` to client address `ip` and queues its email.
 * That address's newest codes stay valid (LIVE_CODES in all); its older ones stop working; other
 * addresses' codes are untouched. Answers the same whether or not the address belongs to a user.
 */
export async function requestCode(
  deps: AuthDeps,
  purpose: CodePurpose,
  rawEmail: string,
  ip: string | undefined,
): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const client = ip ?? null;
  const code = await deps.knex.transaction(async (trx) => {
    const live = await liveCodes(trx, purpose, email);
    // A new code never equals one that still verifies, so a code always identifies one row.
    let code: string;
    let hash: string;
    do {
      code = newCode();
      hash = codeHash(deps.secret, email, code);
    } while (live.some((row) => sameHash(row.codeHash, hash)));
    await LoginCode.query(trx).insert({
      email,
      purpose,
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
    template: CODE_MAILS[purpose],
    params: { code, expiresInMinutes: CODE_TTL_MS / 60_000 },
  });
}

/**
 * Checks a code, typed at client address `ip`, against the email's live codes of `purpose` that may be
 * tried from there (triableFrom). On success uses all of them up and answers true. A wrong code counts
 * as a guess against every code it was compared with that another address requested, and answers
 * false; the caller must commit `trx` then, so the guesses count. The caller counts wrong tries per
 * (email, client).
 */
async function proveCode(
  trx: Knex.Transaction,
  deps: AuthDeps,
  purpose: CodePurpose,
  email: string,
  code: string,
  client: string | null,
): Promise<boolean> {
  const hash = codeHash(deps.secret, email, code);
  const triable = (await liveCodes(trx, purpose, email)).filter((row) => triableFrom(row, client));
  // Compare with every triable code (constant time each), so the answer time does not tell which matched.
  const matches = triable.filter((row) => sameHash(row.codeHash, hash));
  if (matches.length === 0) {
    const foreign = triable.filter((row) => row.requestedIp !== client).map((row) => row.id);
    if (foreign.length > 0) await LoginCode.query(trx).findByIds(foreign).increment('attempts', 1);
    return false;
  }
  // The address is proven; its other pending codes are no longer needed, so nobody may guess them.
  await LoginCode.query(trx)
    .modify('usable')
    .where('login_codes.email', email)
    .where('login_codes.purpose', purpose)
    .patch({ consumedAt: new Date() });
  return true;
}

/**
 * Checks a login code (proveCode) typed at client address `ip`; on success creates the user as a
 * customer if new, and starts a session of `sessionHours` (the Security setting's session timeout).
 * Returns the session token and its end (for the cookie) and the user; a wrong code is a 400.
 */
export async function verifyLoginCode(
  deps: AuthDeps,
  rawEmail: string,
  code: string,
  sessionHours: number,
  ip: string | undefined,
): Promise<{ token: string; expiresAt: Date; user: User }> {
  const email = normaliseEmail(rawEmail);
  const signedIn = await deps.knex.transaction(async (trx) => {
    if (!(await proveCode(trx, deps, 'login', email, code, ip ?? null))) return null; // committed: the guesses count
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

/**
 * Checks a data-access code (proveCode) typed at client address `ip`: the address is proven for the
 * Your data page, and nothing else happens (no user, no session). Answers the normalised email; a wrong
 * code is a 400.
 */
export async function verifyDataAccessCode(
  deps: AuthDeps,
  rawEmail: string,
  code: string,
  ip: string | undefined,
): Promise<string> {
  const email = normaliseEmail(rawEmail);
  const proven = await deps.knex.transaction((trx) => proveCode(trx, deps, 'data-access', email, code, ip ?? null));
  if (!proven) throw new BadRequest(INVALID_OR_EXPIRED_CODE);
  return email;
}

/** The signed-in user in its API shape, or null. */
export async function sessionUser(knex: Knex, userId: string): Promise<SessionUser | null> {
  const user = await User.query(knex).findById(userId);
  return user ? user.toApi() : null;
}
