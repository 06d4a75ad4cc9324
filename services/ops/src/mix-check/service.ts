import type { Knex } from 'knex';
import type { AudioFileMixCheck } from '@mastering/contracts';
import { MixCheckRow, OrderFile, Upload } from '@mastering/db';
import { NotFound } from '@mastering/service-kit';

/**
 * The mix check the customer saw before paying, for staff: the check of the upload behind the order
 * file's original (the newest one, after a replacement). Null when it was never checked (an order from
 * before the check existed). 404 for an unknown file.
 */
export async function audioFileMixCheck(knex: Knex, fileId: string): Promise<AudioFileMixCheck> {
  if (!(await OrderFile.query(knex).findById(fileId))) throw new NotFound('Audio file not found');
  const upload = await Upload.query(knex).where('orderFileId', fileId).orderBy('createdAt', 'desc').first();
  return { fileId, mixCheck: upload ? await MixCheckRow.ofUpload(knex, upload) : null };
}
