import type { Knex } from 'knex';
import { MIX_CHECK_UNKNOWN, type MixCheck } from '@mastering/contracts';
import { MixCheckRow, Upload } from '@mastering/db';
import { NotFound } from '@mastering/service-kit';
import { owns, type Visitor } from '../visitor';

/**
 * The mix check of an upload, for the browser or account that uploaded it (the upload page polls it
 * until it is no longer pending). Ops' worker owns the check's row and writes it when done (issue 52);
 * until then a queued check reads pending. Anyone else, and an upload never queued, gets 404 alike.
 */
export async function mixCheckFor(knex: Knex, visitor: Visitor, uploadId: string): Promise<MixCheck> {
  const upload = await Upload.query(knex).findById(uploadId);
  if (!upload || !owns(visitor, upload)) throw new NotFound(MIX_CHECK_UNKNOWN);
  const check = await MixCheckRow.ofUpload(knex, upload);
  if (!check) throw new NotFound(MIX_CHECK_UNKNOWN);
  return check;
}
