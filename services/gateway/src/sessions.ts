import type { Knex } from 'knex';
import type { Identity } from '@mastering/contracts';
import { hashToken } from '@mastering/service-kit';

/**
 * Resolves a session cookie to the identity of an active user, or null when the session is unknown,
 * expired or its user is deactivated. Touches `last_seen_at` at most once a minute.
 */
export async function identityForSession(knex: Knex, token: string): Promise<Identity | null> {
  if (!token || token.length > 200) return null;
  const row = await knex('sessions as s')
    .join('users as u', 'u.id', 's.user_id')
    .where('s.token_hash', hashToken(token))
    .andWhere('s.expires_at', '>', knex.fn.now())
    .andWhere('u.is_active', true)
    .first('s.id as sessionId', 'u.id as userId', 'u.email', 'u.role', 's.last_seen_at as lastSeenAt');
  if (!row) return null;
  if (!row.lastSeenAt || Date.now() - new Date(row.lastSeenAt).getTime() > 60_000) {
    await knex('sessions').where('id', row.sessionId).update({ lastSeenAt: knex.fn.now() });
  }
  return { sessionId: row.sessionId, userId: row.userId, email: row.email, role: row.role };
}
