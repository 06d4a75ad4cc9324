import type { Knex } from 'knex';
import { BaseModel } from './base';

/** One digest mail sent to the admins (kind, UTC day): its row makes the digest go out once a day. */
export class AdminDigest extends BaseModel {
  static tableName = 'admin_digests';
  static idColumn = ['kind', 'day'];

  declare kind: string;
  declare day: string;

  /** True when this call claims `kind`'s digest for `day` (YYYY-MM-DD), false when it was already sent. */
  static async claim(knex: Knex, kind: string, day: string): Promise<boolean> {
    // A plain insert: objection answers the inserted model even when ON CONFLICT skipped the row.
    const rows = await knex(AdminDigest.tableName)
      .insert({ kind, day })
      .onConflict(['kind', 'day'])
      .ignore()
      .returning('kind');
    return rows.length > 0;
  }
}
