import { createHmac, randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { hashToken, newSessionToken } from '@mastering/service-kit';
import { enqueue, JOBS, type Queue } from '@mastering/jobs';
import { INVALID_OR_EXPIRED_CODE } from '@mastering/contracts';
import { Invalid } from '@mastering/service-kit';

/** Login codes live 10 minutes and lock after 5 wrong tries (storefront spec §9). */
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;

export type AuthDeps = { knex: Knex; queue: Queue; secret: string; sessionTtlHours: number };

// A 6-digit code has only a million values, so a plain hash could be reversed from a database dump;
// keying it with the server secret prevents that.
const codeHash = (secret: string, email: string, code: string) =>
  createHmac('sha256', secret).update(`${email}:${code}`).digest('hex');

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * Issues a fresh 6-digit code for `email` (any earlier unused code stops working) and queues the
 * login-code email. Answers the same whether or not the address belongs to a user.
 */
export async function requestLoginCode(deps: AuthDeps, rawEmail: string, ip: string | undefined): Promise<void> {
  const email = normalise(rawEmail);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.knex.transaction(async (trx) => {
    await trx('login_codes').where({ email }).whereNull('consumedAt').update({ consumedAt: trx.fn.now() });
    await trx('login_codes').insert({
      email,
      codeHash: codeHash(deps.secret, email, code),
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
      attempts: 0,
      requestedIp: ip ?? null,
    });
  });
  await enqueue(deps.queue, JOBS.sendEmail, { to: email, template: 'login-code', data: { code, expiresInMinutes: 10 } });
}

/**
 * Checks a code; on success consumes it, creates the user as a customer if new, and starts a session.
 * Returns the session token (for the cookie) and the user. Wrong codes count towards the lock.
 */
export async function verifyLoginCode(deps: AuthDeps, rawEmail: string, code: string) {
  const email = normalise(rawEmail);
  return deps.knex.transaction(async (trx) => {
    const row = await trx('login_codes')
      .where({ email })
      .whereNull('consumedAt')
      .andWhere('expiresAt', '>', trx.fn.now())
      .orderBy('createdAt', 'desc')
      .forUpdate()
      .first();
    if (!row || row.attempts >= MAX_CODE_ATTEMPTS) throw new Invalid(INVALID_OR_EXPIRED_CODE, undefined, 400);
    if (row.codeHash !== codeHash(deps.secret, email, code)) {
      await trx('login_codes').where({ id: row.id }).increment('attempts', 1);
      return null;
    }
    await trx('login_codes').where({ id: row.id }).update({ consumedAt: trx.fn.now() });
    let user = await trx('users').whereRaw('lower(email) = ?', [email]).first();
    if (!user) {
      [user] = await trx('users').insert({ email, role: 'customer', isActive: true }).returning('*');
    }
    if (!user.isActive) throw new Invalid(INVALID_OR_EXPIRED_CODE, undefined, 400);
    const token = newSessionToken();
    await trx('sessions').insert({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + deps.sessionTtlHours * 3_600_000),
    });
    return { token, user };
  }).then((result) => {
    // The attempt counter must persist, so the wrong-code error is thrown after the commit.
    if (!result) throw new Invalid(INVALID_OR_EXPIRED_CODE, undefined, 400);
    return result;
  });
}

/** Ends a session (logout, or rotation on a new login). */
export async function endSession(knex: Knex, sessionId: string): Promise<void> {
  await knex('sessions').where({ id: sessionId }).delete();
}

/** The signed-in user's public fields, or null. */
export async function sessionUser(knex: Knex, userId: string) {
  const user = await knex('users').where({ id: userId }).first('id', 'email', 'firstName', 'lastName', 'role', 'isActive', 'profileImageUrl', 'createdAt');
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    role: user.role,
    isActive: String(user.isActive) as 'true' | 'false',
    profileImageUrl: user.profileImageUrl ?? null,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}
