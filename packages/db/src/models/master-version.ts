import type { Knex } from 'knex';
import { BaseModel } from './base';

/** One master an engineer confirmed for an order file: v1, v2, ... (the file's mastered_file_path is the newest). */
export class MasterVersion extends BaseModel {
  static tableName = 'master_versions';

  declare id: string;
  declare fileId: string;
  declare version: number;
  /** `/objects/<upload id>` of this version's bytes. */
  declare masteredFilePath: string;
  declare createdAt: Date;

  /**
   * Records `path` as the file's next version, unless it already is its newest (confirming the same
   * upload again changes nothing). Call inside the transaction that locks the file. Answers the newest version.
   */
  static async record(trx: Knex.Transaction, fileId: string, path: string): Promise<MasterVersion> {
    const newest = await MasterVersion.query(trx).where({ fileId }).orderBy('version', 'desc').first();
    if (newest?.masteredFilePath === path) return newest;
    return MasterVersion.query(trx)
      .insert({ fileId, version: (newest?.version ?? 0) + 1, masteredFilePath: path })
      .returning('*');
  }
}
