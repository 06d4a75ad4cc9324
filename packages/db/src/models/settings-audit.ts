import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { SettingsChange } from '@mastering/contracts';
import { BaseModel } from './base';
import { User } from './user';

/** One settings save: who saved it and which sections' stored values it changed. */
export class SettingsAudit extends BaseModel {
  static tableName = 'settings_audit';

  declare id: string;
  declare changedBy: string | null;
  /** The sections whose stored value changed in this save (e.g. ["pricing", "email"]). */
  declare sections: string[];
  declare createdAt: Date;

  declare changer?: User | null;

  /** The one API shape of a save; `changedBy` is the saver's email (null once their account is gone). */
  toApi(): SettingsChange {
    return {
      changedAt: new Date(this.createdAt).toISOString(),
      changedBy: this.changer?.email ?? null,
      sections: this.sections,
    };
  }

  static get relationMappings(): RelationMappings {
    return {
      changer: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'settings_audit.changedBy', to: 'users.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<SettingsAudit>> {
    return {
      newestFirst: (builder) => builder.orderBy('settings_audit.createdAt', 'desc'),
    };
  }
}
