import type { Knex } from 'knex';
import { Session } from '@mastering/db';
import type { Identity } from '@mastering/contracts';
import { hashToken } from './tokens';

/**
 * Resolves a session cookie to the identity of an active user, or null when the session is unknown,
 * expired or its user is deactivated. Read-only: every write of sessions goes through the Session model's
 * functions in packages/db (see there who calls them); the gateway calls this per request.
 */
export async function identityForSession(knex: Knex, token: string): Promise<Identity | null> {
  if (!token || token.length > 200) return null;
  const row = (await Session.query(knex)
    .modify('live')
    .joinRelated('user')
    .where('sessions.tokenHash', hashToken(token))
    .where('user.isActive', true)
    .select('sessions.id as sessionId', 'user.id as userId', 'user.email', 'user.role')
    .first()) as unknown as Identity | undefined;
  return row ? { sessionId: row.sessionId, userId: row.userId, email: row.email, role: row.role } : null;
}
