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
  /** This version's measured loudness, once its analysis finished (kept when a later version is analysed). */
  declare integratedLufs: number | null;
  declare truePeakDbtp: number | null;
  declare createdAt: Date;

  /**
   * Stores a finished master analysis on the version whose bytes it measured (`path`, the file's master
   * when analysed); no version of that path (a master not confirmed as one) changes nothing.
   */
  static async recordLoudness(
    knex: Knex,
    fileId: string,
    path: string,
    { integratedLufs, truePeakDbtp }: { integratedLufs: number | null; truePeakDbtp: number | null },
  ): Promise<void> {
    await MasterVersion.query(knex).where({ fileId, masteredFilePath: path }).patch({ integratedLufs, truePeakDbtp });
  }

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
