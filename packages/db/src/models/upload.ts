import type { Modifiers, Pojo, QueryBuilder, RelationMappings } from 'objection';
import type { UploadProtocol, UploadStatus } from '@mastering/contracts';
import { BaseModel } from './base';
import { OrderFile } from './order-file';

/** One upload URL handed to a browser and the object stored through it. */
export class Upload extends BaseModel {
  static tableName = 'uploads';

  declare id: string;
  declare objectKey: string;
  declare status: UploadStatus;
  declare protocol: UploadProtocol | null;
  declare guestKeyHash: string | null;
  declare userId: string | null;
  declare orderFileId: string | null;
  declare originalName: string | null;
  declare contentType: string | null;
  declare size: number | null;
  declare expiresAt: Date;
  declare completedAt: Date | null;
  declare createdAt: Date;

  declare orderFile?: OrderFile | null;

  static get relationMappings(): RelationMappings {
    return {
      orderFile: { relation: BaseModel.BelongsToOneRelation, modelClass: OrderFile, join: { from: 'uploads.orderFileId', to: 'order_files.id' } },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<Upload>> {
    return {
      /** Never attached to an order and created before `before`: what the sweep removes. */
      abandonedBefore: (builder, before: Date) => builder.whereNull('uploads.orderFileId').where('uploads.createdAt', '<', before),
    };
  }

  // size is a bigint, which pg returns as a string; uploads are at most a few GB, so a number is exact.
  $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    if (parsed.size != null) parsed.size = Number(parsed.size);
    return parsed;
  }
}
