import type { Knex } from 'knex';
import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import { BaseModel } from './base';
import { User } from './user';

/**
 * A signed-in browser: the cookie's token is stored only as a hash.
 *
 * Every write of `sessions` is one of the static functions below, so the table's rules live in one
 * place. The storefront's auth starts, ends and touches sessions; ops revokes them for staff decisions
 * (deactivating a user, shortening the session timeout) inside its own transaction, so the revocation
 * commits or rolls back with the change that calls for it. Everything else only reads sessions
 * (service-kit's identityForSession, per request at the gateway).
 */
export class Session extends BaseModel {
  static tableName = 'sessions';

  declare id: string;
  declare tokenHash: string;
  declare userId: string;
  declare expiresAt: Date;
  declare createdAt: Date;
  declare lastSeenAt: Date | null;
  declare ip: string | null;
  declare userAgent: string | null;

  declare user?: User;

  static get relationMappings(): RelationMappings {
    return {
      user: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'sessions.userId', to: 'users.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<Session>> {
    return {
      live: (builder) => builder.where('sessions.expiresAt', '>', new Date()),
    };
  }

  /** Starts a session of `userId` until `expiresAt`, keyed by the hash of its cookie token (sign-in). */
  static async start(knex: Knex, session: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
    await Session.query(knex).insert(session);
  }

  /** Ends one session (logout, or rotation on a new login). */
  static async end(knex: Knex, id: string): Promise<void> {
    await Session.query(knex).deleteById(id);
  }

  /**
   * Records that a session was used (for the admin's "last seen"), at most once a minute so a busy
   * session does not write on every request.
   */
  static async touch(knex: Knex, id: string): Promise<void> {
    await Session.query(knex)
      .findById(id)
      .where((q) => q.whereNull('lastSeenAt').orWhere('lastSeenAt', '<', new Date(Date.now() - 60_000)))
      .patch({ lastSeenAt: new Date() });
  }

  /** Ends every session of a user at once (the user was deactivated). */
  static async endAllOf(knex: Knex, userId: string): Promise<void> {
    await Session.query(knex).where('userId', userId).delete();
  }

  /**
   * Ends every open session at most `hours` after its sign-in, so a shortened timeout applies to everyone
   * at once (an admin shortens it to get people out). A longer timeout is left to new sign-ins: the
   * browser's cookie was issued for the old length and would end first anyway.
   */
  static async capLifetime(knex: Knex, hours: number): Promise<void> {
    const cap = () => knex.raw('created_at + make_interval(hours => ?)', [hours]);
    await Session.query(knex).where('expiresAt', '>', cap()).patch({ expiresAt: cap() });
  }
}
