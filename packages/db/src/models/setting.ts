import type { Knex } from 'knex';
import type { RelationMappings } from 'objection';
import { BaseModel } from './base';
import { User } from './user';

/** A site setting: a JSON value under a key (e.g. `pricing`). */
export class Setting extends BaseModel {
  static tableName = 'settings';
  static idColumn = 'key';
  static jsonAttributes = ['value'];

  declare key: string;
  declare value: unknown;
  declare updatedAt: Date;
  declare updatedBy: string | null;

  declare updater?: User | null;

  static get relationMappings(): RelationMappings {
    return {
      updater: { relation: BaseModel.BelongsToOneRelation, modelClass: User, join: { from: 'settings.updatedBy', to: 'users.id' } },
    };
  }

  /**
   * The value stored under `key`, parsed with `schema` over `defaults`: a value missing newer fields
   * (or broken) still yields a complete, valid setting, so readers never see a half-filled one.
   */
  static async read<T extends object>(knex: Knex, key: string, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, defaults: T): Promise<T> {
    const row = await Setting.query(knex).findById(key);
    const parsed = schema.safeParse({ ...defaults, ...((row?.value as object | null) ?? {}) });
    return parsed.success ? parsed.data : defaults;
  }
}
