import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import { BaseModel } from './base';
import { User } from './user';

/** A signed-in browser: the cookie's token is stored only as a hash. */
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
      user: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'sessions.userId', to: 'users.id' } },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<Session>> {
    return {
      live: (builder) => builder.where('sessions.expiresAt', '>', new Date()),
    };
  }
}
