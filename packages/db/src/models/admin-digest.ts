import { BaseModel } from './base';

/** One digest mail sent to the admins (kind, UTC day): its row makes the digest go out once a day. */
export class AdminDigest extends BaseModel {
  static tableName = 'admin_digests';
  static idColumn = ['kind', 'day'];

  declare kind: string;
  declare day: string;

  /** True when this call claims `kind`'s digest for `day` (YYYY-MM-DD), false when it was already sent. */
  static async claim(knex: Parameters<typeof AdminDigest.query>[0], kind: string, day: string): Promise<boolean> {
    const rows = await AdminDigest.query(knex)
      .insert({ kind, day })
      .onConflict(['kind', 'day'])
      .ignore()
      .returning('kind');
    return (rows as unknown as unknown[]).length > 0;
  }
}
