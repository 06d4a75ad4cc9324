import type { Knex } from 'knex';
import { objectKeyOfPath } from '@mastering/contracts';
import { ReleaseReference } from '@mastering/db';
import type { ObjectStorage } from '@mastering/storage';

/**
 * Deletes the stored audio of the reference tracks of the orders `orderIds` selects (retention, issue 55:
 * references go with their order's audio). The object goes first, then the row forgets its path, so a
 * rerun deletes nothing twice. Answers how many references were purged.
 */
export async function purgeReferenceAudio(
  deps: { knex: Knex; storage: ObjectStorage },
  orderIds: Knex.QueryBuilder | readonly string[],
): Promise<number> {
  const references = await ReleaseReference.query(deps.knex)
    .whereIn('orderId', orderIds as string[])
    .whereNotNull('filePath');
  for (const reference of references) {
    const key = objectKeyOfPath(reference.filePath);
    if (key) await deps.storage.delete(key);
    await ReleaseReference.query(deps.knex).findById(reference.id).patch({ filePath: null });
  }
  return references.length;
}
