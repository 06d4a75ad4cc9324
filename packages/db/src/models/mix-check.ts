import type { Knex } from 'knex';
import type { MixCheck, MixCheckReport, MixCheckStatus } from '@mastering/contracts';
import { BaseModel } from './base';

/** The mix check of one upload (see migration 090): pending until the ops worker has measured it. */
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

  /** Marks an upload's check pending (again, for a re-check): the worker then fills it in. */
  static async markPending(knex: Knex, uploadId: string): Promise<void> {
    await MixCheckRow.query(knex)
      .insert({ uploadId, status: 'pending' })
      .onConflict('upload_id')
      .merge({ status: 'pending', errorReason: null, report: null, checkedAt: null } as never);
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
