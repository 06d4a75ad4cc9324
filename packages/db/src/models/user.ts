import type { Knex } from 'knex';
import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { Role, User as UserShape } from '@mastering/contracts';
import { BaseModel, newestFirst } from './base';
import { Order } from './order';
import { Session } from './session';

/** A person known to the site: customer, engineer or admin. Email is unique ignoring case. */
export class User extends BaseModel {
  static tableName = 'users';

  declare id: string;
  declare email: string;
  declare firstName: string | null;
  declare lastName: string | null;
  declare role: Role;
  declare isActive: boolean;
  declare profileImageUrl: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare sessions?: Session[];
  declare orders?: Order[];

  /** Adds an active user unless one with this email (ignoring case) exists: the seed accounts of e2e and the fuzzer. */
  static async ensure(
    knex: Knex,
    user: { email: string; firstName: string; lastName: string; role: Role },
  ): Promise<void> {
    const known = await User.query(knex).whereRaw('lower(email) = ?', [user.email.toLowerCase()]).first();
    if (!known) await User.query(knex).insert({ ...user, isActive: true });
  }

  static get relationMappings(): RelationMappings {
    return {
      sessions: {
        relation: BaseModel.HasManyRelation,
        modelClass: Session,
        join: { from: 'users.id', to: 'sessions.userId' },
      },
      orders: {
        relation: BaseModel.HasManyRelation,
        modelClass: Order,
        join: { from: 'users.id', to: 'orders.userId' },
      },
    };
  }

  /** The one API shape of a user (`/api/auth/me`, `/api/users`): flags as the spec's text, times as ISO strings. */
  toApi(): UserShape {
    return {
      id: this.id,
      email: this.email,
      firstName: this.firstName ?? null,
      lastName: this.lastName ?? null,
      role: this.role,
      isActive: this.isActive ? 'true' : 'false',
      profileImageUrl: this.profileImageUrl ?? null,
      createdAt: new Date(this.createdAt).toISOString(),
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<User>> {
    return {
      active: (builder) => builder.where('users.isActive', true),
      withRole: (builder, role?: Role) => (role ? builder.where('users.role', role) : builder),
      /** The user with this address, however it is capitalised. */
      withEmail: (builder, email: string) => builder.whereRaw('lower(users.email) = lower(?)', [email]),
      newestFirst: newestFirst('users.createdAt'),
    };
  }
}
