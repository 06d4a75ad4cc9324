import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { LegalDocumentKind, LegalVersion } from '@mastering/contracts';
import { BaseModel } from './base';
import { User } from './user';

/** One saved version of a legal page (/terms, /privacy, /refunds); the highest version is in force. */
export class LegalDocumentVersion extends BaseModel {
  static tableName = 'legal_document_versions';

  declare id: string;
  declare document: LegalDocumentKind;
  declare version: number;
  declare markdown: string;
  declare createdBy: string | null;
  declare createdAt: Date;

  declare author?: User | null;

  /** The one API shape of a version in the history; `createdBy` is the author's email (null once gone). */
  toApi(): LegalVersion {
    return {
      version: this.version,
      createdAt: new Date(this.createdAt).toISOString(),
      createdBy: this.author?.email ?? null,
    };
  }

  static get relationMappings(): RelationMappings {
    return {
      author: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: User,
        join: { from: 'legal_document_versions.createdBy', to: 'users.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<LegalDocumentVersion>> {
    return {
      /** The versions of one document, newest first. */
      historyOf: (builder, document: LegalDocumentKind) =>
        builder.where('legal_document_versions.document', document).orderBy('legal_document_versions.version', 'desc'),
    };
  }
}
