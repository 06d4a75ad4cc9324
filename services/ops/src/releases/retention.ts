import type { Knex } from 'knex';
import { objectKeyOfPath } from '@mastering/contracts';
import { ReleaseReference } from '@mastering/db';
import type { ObjectStorage } from '@mastering/storage';
import type { StorefrontWrites } from '../storefront-writes';

/**
 * Deletes the stored audio of the reference tracks of the orders `orderIds` selects (retention, issue 55:
 * references go with their order's audio). The object goes first, then the storefront (the row's owner)
 * has the row forget its path, so a rerun deletes nothing twice. Answers how many references were purged.
 */
export async function purgeReferenceAudio(
  deps: { knex: Knex; storage: ObjectStorage; storefront: StorefrontWrites },
  orderIds: Knex.QueryBuilder | readonly string[],
): Promise<number> {
  const references = await ReleaseReference.query(deps.knex)
    .whereIn('orderId', orderIds as string[])
    .whereNotNull('filePath');
  for (const reference of references) {
    const key = objectKeyOfPath(reference.filePath);
    if (key) await deps.storage.delete(key);
    await deps.storefront.audioDeleted({ at: new Date().toISOString(), referenceIds: [reference.id] });
  }
  return references.length;
}
