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
}
