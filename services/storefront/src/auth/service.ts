import { createHmac, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { deriveKey, hashToken, BadRequest, newSessionToken, sameHash } from '@mastering/service-kit';
import { sendMail, type Queue } from '@mastering/jobs';
import {
  CODE_FROM_OTHER_BROWSER,
  INVALID_OR_EXPIRED_CODE,
  INVALID_OR_EXPIRED_LINK,
  LOGIN_CODE_LENGTH,
  type MailTemplateName,
  type SessionUser,
} from '@mastering/contracts';
import { type CodePurpose, LoginCode, Session, User } from '@mastering/db';

/** Login codes, and the sign-in links mailed with them, live 10 minutes (storefront spec §9). */
export const CODE_TTL_MS = 10 * 60_000;

/**
 * Wrong guesses a code takes before it stops working (its mail's link still works). One: the guess
 * budget of an address (WRONG_CODES_PER_EMAIL_PER_DAY in rate-limits.ts) is spent by then anyway, and a
 * code that dies at its first wrong guess can never be the target of a second.
 */
export const GUESSES_PER_CODE = 1;

export type AuthDeps = { knex: Knex; queue: Queue; secret: string };

// A 6-digit code has only a million values, so a plain hash could be reversed from a database dump;
// keying it prevents that. The key is derived for this purpose only (identity tokens get another).
const codeKeys = new Map<string, Buffer>();
/** The code-hash key of `secret`, derived once per process rather than for every code. */
const codeKeyOf = (secret: string) => {
  let key = codeKeys.get(secret);
  if (!key) codeKeys.set(secret, (key = deriveKey(secret, 'login-code-hash')));
  return key;
};
const codeHash = (secret: string, email: string, code: string) =>
  createHmac('sha256', codeKeyOf(secret)).update(`${email}:${code}`).digest('hex');

const newCode = () => String(randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');

/** An email as login compares it: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Uses up every pending code (and link) of `email` for `purpose`: the address is proven, nobody may try them now. */
const useUpCodes = (trx: Knex.Transaction, purpose: CodePurpose, email: string) =>
  LoginCode.query(trx)
    .modify('usable')
    .where('login_codes.email', email)
    .where('login_codes.purpose', purpose)
    .patch({ consumedAt: new Date() });

/** The mail each purpose's code goes out as (a data-access code says it opens no account). */
const CODE_MAILS = { login: 'login-code', 'data-access': 'data-access-code' } as const satisfies Record<
  CodePurpose,
  MailTemplateName
>;

/**
 * Issues a fresh 6-digit code for `purpose` and `email` to client address `ip`, bound to a new browser
 * nonce, and queues its email with the code and a one-time sign-in link. Answers the nonce, for the
 * browser's cookie (code-browser.ts): the code is compared only when it comes back with it. Codes other
 * browsers asked for are untouched. Answers the same whether or not the address belongs to a user.
 */
export async function requestCode(
  deps: AuthDeps,
  purpose: CodePurpose,
  rawEmail: string,
  ip: string | undefined,
): Promise<{ browserNonce: string }> {
  const email = normaliseEmail(rawEmail);
  const code = newCode();
  // 256 random bits each (newSessionToken); only their SHA-256 is kept.
  const browserNonce = newSessionToken();
  const linkToken = newSessionToken();
  await LoginCode.query(deps.knex).insert({
    email,
    purpose,
    codeHash: codeHash(deps.secret, email, code),
    browserHash: hashToken(browserNonce),
    linkHash: hashToken(linkToken),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
    attempts: 0,
    requestedIp: ip ?? null,
  });
  await sendMail(deps.queue, {
    to: email,
    template: CODE_MAILS[purpose],
    params: { code, expiresInMinutes: CODE_TTL_MS / 60_000, linkToken },
  });
  return { browserNonce };
}

/**
 * What a code check needs besides the code: the browser's nonce (null: its cookie is missing) and the
 * guess budget. `spendGuess` is called once the code is about to be compared, and throws (429) when the
 * address has no guess left; `forgiveGuesses` after a right code (the owner is in, the budget refills).
 */
export type CodeCheck = {
  browserNonce: string | null;
  spendGuess: () => Promise<void>;
  forgiveGuesses: () => Promise<void>;
};

/**
 * Checks a code typed for `email` and `purpose` against the one code its browser asked for (the newest
 * usable one bound to `check.browserNonce` that has taken fewer than GUESSES_PER_CODE wrong guesses),
 * then runs `then` in the same transaction when it was right. Without such a code nothing is compared:
 * a 400 that spends no guess (a missing cookie says so). Else one guess is spent first
 * (check.spendGuess), so however many addresses guess at once, no more codes are compared than the
 * budget allows. A wrong code counts against that code (it dies) and is a 400 (INVALID_OR_EXPIRED_CODE);
 * a right one uses up every pending code of the address, and the budget is forgiven. The guess budget
 * lives in its own table, so it is counted before the transaction starts: a transaction never waits for
 * a second connection from the pool, which parallel guesses could otherwise use up and deadlock.
 */
async function proveCode<T>(
  deps: AuthDeps,
  purpose: CodePurpose,
  email: string,
  code: string,
  check: CodeCheck,
  then: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  if (!check.browserNonce) throw new BadRequest(CODE_FROM_OTHER_BROWSER);
  const triable = (db: Knex) =>
    LoginCode.query(db)
      .modify('usable')
      .where('login_codes.email', email)
      .where('login_codes.purpose', purpose)
      .where('login_codes.attempts', '<', GUESSES_PER_CODE);
  const target = await triable(deps.knex)
    .where('login_codes.browserHash', hashToken(check.browserNonce))
    .orderBy('login_codes.createdAt', 'desc')
    .first();
  if (!target) throw new BadRequest(INVALID_OR_EXPIRED_CODE); // nothing compared, so no guess spent
  await check.spendGuess();
  const result = await deps.knex.transaction(async (trx) => {
    // Locked and checked again: a parallel try may have used the code up meanwhile.
    const locked = await triable(trx).findById(target.id).forUpdate();
    if (!locked) return { proven: false as const };
    if (!sameHash(locked.codeHash, codeHash(deps.secret, email, code))) {
      await LoginCode.query(trx).findById(locked.id).increment('attempts', 1);
      return { proven: false as const }; // committed: the guess counts
    }
    await useUpCodes(trx, purpose, email);
    return { proven: true as const, value: await then(trx) };
  });
  if (!result.proven) throw new BadRequest(INVALID_OR_EXPIRED_CODE);
  await check.forgiveGuesses();
  return result.value;
}

/**
 * Takes a one-time sign-in link's token for `purpose`: when it belongs to a usable code mail, uses up
 * every pending code of that address and answers the address; else a 400. It works from any browser and
 * whatever the guess budget, so however many wrong codes others send, the owner's mail still signs in.
 */
async function proveLink(trx: Knex.Transaction, purpose: CodePurpose, token: string): Promise<string> {
  const row = await LoginCode.query(trx)
    .modify('usable')
    .where('login_codes.purpose', purpose)
    .where('login_codes.linkHash', hashToken(token))
    .forUpdate()
    .first();
  if (!row) throw new BadRequest(INVALID_OR_EXPIRED_LINK);
  await useUpCodes(trx, purpose, row.email);
  return row.email;
}

/** Signs `email` in: creates the user as a customer if new, and starts a session of `sessionHours`. */
async function signIn(trx: Knex.Transaction, email: string, sessionHours: number, refusal: string) {
  const user =
    (await User.query(trx).modify('withEmail', email).first()) ??
    (await User.query(trx).insert({ email, role: 'customer', isActive: true }).returning('*'));
  if (!user.isActive) throw new BadRequest(refusal);
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + sessionHours * 3_600_000);
  await Session.start(trx, { tokenHash: hashToken(token), userId: user.id, expiresAt });
  return { token, expiresAt, user };
}

export type SignedIn = { token: string; expiresAt: Date; user: User };

/**
 * Checks a login code (proveCode); on success signs in (the user is made a customer if new) for
 * `sessionHours` (the Security setting's session timeout). Answers the session token, its end (for the
 * cookie) and the user; a wrong code is a 400.
 */
export async function verifyLoginCode(
  deps: AuthDeps,
  rawEmail: string,
  code: string,
  sessionHours: number,
  check: CodeCheck,
): Promise<SignedIn> {
  const email = normaliseEmail(rawEmail);
  return proveCode(deps, 'login', email, code, check, (trx) =>
    signIn(trx, email, sessionHours, INVALID_OR_EXPIRED_CODE),
  );
}

/** Takes a login mail's one-time link (proveLink) and signs its address in, as verifyLoginCode does. */
export async function verifyLoginLink(deps: AuthDeps, token: string, sessionHours: number): Promise<SignedIn> {
  return deps.knex.transaction(async (trx) =>
    signIn(trx, await proveLink(trx, 'login', token), sessionHours, INVALID_OR_EXPIRED_LINK),
  );
}

/**
 * Checks a data-access code (proveCode): the address is proven for the Your data page, and nothing
 * else happens (no user, no session). Answers the normalised email; a wrong code is a 400.
 */
export async function verifyDataAccessCode(
  deps: AuthDeps,
  rawEmail: string,
  code: string,
  check: CodeCheck,
): Promise<string> {
  const email = normaliseEmail(rawEmail);
  return proveCode(deps, 'data-access', email, code, check, async () => email);
}

/** Takes a data-access mail's one-time link (proveLink): answers the address it proves (no user, no session). */
export async function verifyDataAccessLink(deps: AuthDeps, token: string): Promise<string> {
  return deps.knex.transaction((trx) => proveLink(trx, 'data-access', token));
}

/** The signed-in user in its API shape, or null. */
export async function sessionUser(knex: Knex, userId: string): Promise<SessionUser | null> {
  const user = await User.query(knex).findById(userId);
  return user ? user.toApi() : null;
}
