import type { Knex } from 'knex';
import type { RelationMappings } from 'objection';
import type { CoherenceMeasure, Release as ReleaseShape, ReleaseKind, ReferenceAspect } from '@mastering/contracts';
import { BaseModel } from './base';
import { OrderFile } from './order-file';

/** One track of a release: an order file at its place in the running order, with the gap before it. */
export class ReleaseTrack extends BaseModel {
  static tableName = 'release_tracks';

  declare id: string;
  declare releaseId: string;
  declare fileId: string;
  /** 1-based place in the running order. */
  declare position: number;
  /** Silence before the track in milliseconds; null: "no gap" (continuous). */
  declare gapMs: number | null;
  declare isAnchor: boolean;
  declare notes: string | null;

  declare file?: OrderFile;

  static get relationMappings(): RelationMappings {
    return {
      file: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: OrderFile,
        join: { from: 'release_tracks.fileId', to: 'order_files.id' },
      },
    };
  }
}

/** A reference track the customer sent for the release or one of its tracks. */
export class ReleaseReference extends BaseModel {
  static tableName = 'release_references';

  declare id: string;
  declare releaseId: string;
  declare orderId: string;
  declare fileId: string | null;
  declare uploadId: string | null;
  declare originalName: string;
  declare filePath: string | null;
  declare takes: ReferenceAspect[];
  declare note: string | null;
  declare createdAt: Date;
}

/** The coherence measures of one master of a release's track (null: not measurable). */
export class ReleaseMeasure extends BaseModel {
  static tableName = 'release_measures';
  static idColumn = ['fileId', 'masteredFilePath'];
  static jsonAttributes = ['measure'];

  declare fileId: string;
  declare masteredFilePath: string;
  declare measure: CoherenceMeasure | null;
  declare measuredAt: Date;
}

/** An EP or album: an order's files as one release (issue 55). */
export class Release extends BaseModel {
  static tableName = 'releases';

  declare id: string;
  declare orderId: string;
  declare kind: ReleaseKind;
  declare title: string;
  declare artist: string;
  declare notes: string | null;
  declare createdAt: Date;

  declare tracks?: ReleaseTrack[];
  declare references?: ReleaseReference[];

  static get relationMappings(): RelationMappings {
    return {
      tracks: {
        relation: BaseModel.HasManyRelation,
        modelClass: ReleaseTrack,
        join: { from: 'releases.id', to: 'release_tracks.releaseId' },
        modify: (q) => q.orderBy('release_tracks.position'),
      },
      references: {
        relation: BaseModel.HasManyRelation,
        modelClass: ReleaseReference,
        join: { from: 'releases.id', to: 'release_references.releaseId' },
        modify: (q) => q.orderBy([{ column: 'release_references.createdAt' }, { column: 'release_references.id' }]),
      },
    };
  }

  /** The order's release with its tracks (and their files) in running order and its references, or undefined. */
  static ofOrder(knex: Knex, orderId: string) {
    return Release.query(knex).where({ orderId }).withGraphFetched('[tracks.file, references]').first();
  }

  /** The one API shape of a release (load it with `ofOrder`). */
  toApi(): ReleaseShape {
    return {
      orderId: this.orderId,
      kind: this.kind,
      title: this.title,
      artist: this.artist,
      notes: this.notes ?? null,
      tracks: (this.tracks ?? []).map((t) => ({
        number: t.position,
        fileId: t.fileId,
        originalName: t.file?.originalName ?? '',
        gapSeconds: t.gapMs === null ? null : t.gapMs / 1000,
        anchor: t.isAnchor,
        notes: t.notes ?? null,
      })),
      references: (this.references ?? []).map((r) => ({
        id: r.id,
        fileId: r.fileId ?? null,
        originalName: r.originalName,
        takes: r.takes ?? [],
        note: r.note ?? null,
        filePath: r.filePath ?? null,
      })),
    };
  }
}
