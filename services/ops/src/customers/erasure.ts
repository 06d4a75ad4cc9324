import type { Knex } from 'knex';
import type { InvoiceKind } from '@mastering/contracts';
import {
  DeletionRequest,
  type ErasureTransforms,
  erasePersonalRows,
  findPersonalRows,
  type InvoiceLine,
  OrderFile,
} from '@mastering/db';
import type { ObjectStorage } from '@mastering/storage';
import { purgeFileAudio } from '../retention/job';
import { neutralInvoiceLines, withoutPersonalFields } from './anonymise';

// POPIA s24 (deletion): a completed request purges the person's audio, then does to every row of
// theirs what the data map (packages/db personal-data-map.ts) says: invoices stay (tax law keeps them
// five years) with the recipient anonymised and line texts neutral; orders, payments, their webhooks
// and history stay as the studio's books, tied to nobody; the rest is blanked or deleted.

export { ERASED_EMAIL, ERASED_TEXT } from '@mastering/db';

export type ErasureDeps = { knex: Knex; storage: ObjectStorage };

/** The map's domain rewrites: invoice lines made neutral, webhooks without the payer's details. */
const TRANSFORMS: ErasureTransforms = {
  invoiceLines: (lines, row) => neutralInvoiceLines(row.kind as InvoiceKind, lines as InvoiceLine[]),
  webhookPayload: (payload, _row, email) => withoutPersonalFields(payload, email),
};

/**
 * Erases the person with `email`: deletes the audio of every order file of theirs, then (in one
 * transaction) closes their open deletion requests and erases every row the data map finds for them.
 * Answers how many orders it touched.
 */
export async function erasePerson(deps: ErasureDeps, email: string, by: string | null, now = new Date()) {
  const { person } = await findPersonalRows(deps.knex, email);
  await purgeFileAudio(deps, await OrderFile.query(deps.knex).findByIds(person.fileIds), now);
  await deps.knex.transaction(async (trx) => {
    await DeletionRequest.query(trx)
      .whereRaw('lower(email) = ?', [person.email])
      .whereNull('completedAt')
      .patch({ completedAt: now, completedBy: by });
    await erasePersonalRows(trx, person.email, TRANSFORMS);
  });
  return person.orderIds.length;
}
