import type { Modifiers, Pojo, QueryBuilder, RelationMappings } from 'objection';
import type {
  FileStatus,
  Genre,
  Loudness,
  MasteringStyle,
  OrderFile as OrderFileShape,
  Tone,
  TrackMetadata,
} from '@mastering/contracts';
import { BaseModel, newestFirst, withStatus } from './base';
import { Order } from './order';

/** One uploaded track of an order, with the customer's mastering options and its processing state. */
export class OrderFile extends BaseModel {
  static tableName = 'order_files';
  static jsonAttributes = ['releaseMetadata'];

  declare id: string;
  declare orderId: string;
  declare originalName: string;
  declare fileName: string;
  declare fileSize: number;
  declare mimeType: string;
  declare originalFilePath: string;
  declare masteringStyle: MasteringStyle;
  declare tone: Tone;
  declare loudness: Loudness;
  declare volumeMatch: boolean;
  /** The genre the customer gave, if any (analytics groups orders by it). */
  declare genre: Genre | null;
  declare processingStatus: FileStatus;
  declare processingNotes: string | null;
  declare processedAt: Date | null;
  declare masteredFilePath: string | null;
  declare uploadedAt: Date;
  /** When retention (or a deletion request) deleted this file's audio from storage; the row stays. */
  declare audioDeletedAt: Date | null;
  /** When the customer replaced this track's flagged upload from the order page, else null. */
  declare replacedAt: Date | null;
  /** The release metadata the customer gave for this track (embedded in its pack), or null. */
  declare releaseMetadata: TrackMetadata | null;

  declare order?: Order;

  /** The one API shape of an order file: the volume-match flag as the spec's text, times as ISO strings. */
  toApi(): OrderFileShape {
    const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
    return {
      id: this.id,
      orderId: this.orderId,
      originalName: this.originalName,
      fileName: this.fileName,
      fileSize: this.fileSize,
      mimeType: this.mimeType,
      masteringStyle: this.masteringStyle,
      tone: this.tone,
      loudness: this.loudness,
      volumeMatch: this.volumeMatch ? 'true' : 'false',
      processingStatus: this.processingStatus,
      processingNotes: this.processingNotes ?? null,
      processedAt: iso(this.processedAt),
      uploadedAt: new Date(this.uploadedAt).toISOString(),
      masteredFilePath: this.masteredFilePath ?? null,
      replacedAt: iso(this.replacedAt ?? null),
    };
  }

  static get relationMappings(): RelationMappings {
    return {
      order: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: Order,
        join: { from: 'order_files.orderId', to: 'orders.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<OrderFile>> {
    return {
      withProcessingStatus: withStatus('order_files.processingStatus'),
      withMasteringStyle: withStatus('order_files.masteringStyle'),
      newestFirst: newestFirst('order_files.uploadedAt'),
      /** By the customer's file name: an order's files are all uploaded at the same instant. */
      inNameOrder: (builder) => builder.orderBy([{ column: 'order_files.originalName' }, { column: 'order_files.id' }]),
    };
  }

  // file_size is a bigint, which pg returns as a string; uploads are at most 500 MB, so a number is exact.
  $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    if (parsed.fileSize != null) parsed.fileSize = Number(parsed.fileSize);
    return parsed;
  }
}
