import type { Knex } from 'knex';
import type { MixCheck, MixCheckReport, MixCheckStatus } from '@mastering/contracts';
import { BaseModel } from './base';

/** The mix check of one upload (see migration 090), written by the ops worker once it has measured it. */
export class MixCheckRow extends BaseModel {
  static tableName = 'mix_checks';
  static idColumn = 'uploadId';

  declare uploadId: string;
  declare status: MixCheckStatus;
  declare checkerVersion: string | null;
  declare errorReason: string | null;
  declare report: MixCheckReport | null;
  declare createdAt: Date;
  declare checkedAt: Date | null;

  static get jsonAttributes() {
    return ['report'];
  }

  /**
   * The check of `upload` as the API shows it: its row once the worker wrote it, pending while it is
   * queued (the storefront marks the upload when it queues the check), else null (never queued).
   */
  static async ofUpload(knex: Knex, upload: { id: string; mixCheckQueuedAt: Date | null }): Promise<MixCheck | null> {
    const row = await MixCheckRow.query(knex).findById(upload.id);
    if (row) return row.toApi();
    if (!upload.mixCheckQueuedAt) return null;
    return { uploadId: upload.id, status: 'pending', errorReason: null, report: null };
  }

  /** Stores what the worker found: the report, or why the file could not be checked. */
  static async record(
    knex: Knex,
    uploadId: string,
    result: { checkerVersion: string; errorReason: string | null; report: MixCheckReport | null },
  ): Promise<void> {
    const row = { ...result, status: result.report ? 'ok' : 'error', checkedAt: new Date() } as const;
    await MixCheckRow.query(knex)
      .insert({ uploadId, ...row })
      .onConflict('upload_id')
      .merge(row as never);
  }

  /** The one API shape of a check. */
  toApi(): MixCheck {
    return {
      uploadId: this.uploadId,
      status: this.status,
      errorReason: this.errorReason ?? null,
      report: this.report ?? null,
    };
  }
}
