import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Modifiers, Pojo, QueryBuilder, RelationMappings } from 'objection';
import { objectKeyOf, UPLOAD_PREFIX, type UploadProtocol, type UploadStatus } from '@mastering/contracts';
import { BaseModel } from './base';
import { OrderFile } from './order-file';

// An upload's storage key and its object's address (`/objects/<upload id>`) are mapped by contracts' one pair,
// objectKeyOfPath / objectPathOfKey (uploads.ts).

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
  /** The order file this upload is the master of (staff uploads), if any. */
  declare masteredFileId: string | null;
  declare originalName: string | null;
  declare contentType: string | null;
  declare size: number | null;
  /** The size the first write declared (or the per-file limit when it declared none), held against the limits until the bytes are stored. */
  declare declaredSize: number | null;
  /** The bucket's id of the multipart upload a direct upload (protocol `s3`) sends its parts to. */
  declare multipartId: string | null;
  /** The client address that opened a public upload (null for staff masters opened by ops). */
  declare clientAddress: string | null;
  /** When the storefront queued this upload's mix check (ops' worker writes the check's row when done). */
  declare mixCheckQueuedAt: Date | null;
  declare expiresAt: Date;
  declare completedAt: Date | null;
  declare createdAt: Date;

  declare orderFile?: OrderFile | null;

  /**
   * Opens an upload owned by a guest browser or a signed-in user (a customer's track, or staff's
   * master) and answers its row and relative URL; the storefront's `/uploads/:id` then takes the bytes.
   */
  static async open(
    knex: Knex,
    owner: {
      guestKeyHash?: string | null;
      userId?: string | null;
      originalName?: string | null;
      contentType?: string | null;
      clientAddress?: string | null;
    },
    ttlHours: number,
  ) {
    const id = randomUUID();
    const upload = await Upload.query(knex).insert({
      id,
      objectKey: objectKeyOf(id),
      guestKeyHash: owner.guestKeyHash ?? null,
      userId: owner.userId ?? null,
      originalName: owner.originalName ?? null,
      contentType: owner.contentType ?? null,
      clientAddress: owner.clientAddress ?? null,
      expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
    });
    // Relative: same origin as the page, whichever address the site is reached by.
    return { upload, uploadURL: `/${UPLOAD_PREFIX}/${id}` };
  }

  /**
   * Records a staff upload as the master of an order file (inside the confirm's transaction). Earlier
   * master uploads stay the file's too (kept from the sweep): each is a version the customer may download.
   */
  static async attachMaster(knex: Knex, uploadId: string, orderFileId: string): Promise<void> {
    await Upload.query(knex).findById(uploadId).patch({ masteredFileId: orderFileId });
  }

  static get relationMappings(): RelationMappings {
    return {
      orderFile: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: OrderFile,
        join: { from: 'uploads.orderFileId', to: 'order_files.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<Upload>> {
    return {
      /**
       * Never attached to an order (as an original, a master or a release's reference track) and created
       * before `before`: what the sweep removes.
       */
      abandonedBefore: (builder, before: Date) =>
        builder
          .whereNull('uploads.orderFileId')
          .whereNull('uploads.masteredFileId')
          .whereNotExists((q) =>
            q.select(1).from('release_references').whereColumn('release_references.upload_id', 'uploads.id'),
          )
          .where('uploads.createdAt', '<', before),
    };
  }

  // size is a bigint, which pg returns as a string; uploads are at most a few GB, so a number is exact.
  $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    if (parsed.size != null) parsed.size = Number(parsed.size);
    if (parsed.declaredSize != null) parsed.declaredSize = Number(parsed.declaredSize);
    return parsed;
  }
}
