import type { Knex } from 'knex';
import { type InvoiceKind, OwnerErased, OwnerErasure } from '@mastering/contracts';
import {
  DeletionRequest,
  type ErasureTransforms,
  erasePersonalRows,
  type InvoiceLine,
  type TableOwner,
  tablesOwnedBy,
} from '@mastering/db';
import { route } from '@mastering/service-kit';
import { neutralInvoiceLines, withoutPersonalFields } from './anonymise';

// POPIA s24 (deletion), the owner's part: each service erases the person from the tables it owns
// (packages/db owners.ts), as the data map says, when ops' erasure coordinator asks it to (its
// internal route, `ownerErasureRoute`). Invoices stay (tax law keeps them five years) with the
// recipient anonymised and line texts neutral; orders, payments, their webhooks and history stay as
// the studio's books, tied to nobody; the rest is blanked or deleted.

/** The map's domain rewrites: invoice lines made neutral, webhooks without the payer's details. */
const TRANSFORMS: ErasureTransforms = {
  invoiceLines: (lines, row) => neutralInvoiceLines(row.kind as InvoiceKind, lines as InvoiceLine[]),
  webhookPayload: (payload, _row, email) => withoutPersonalFields(payload, email),
};

/**
 * Erases the person from the tables `owner` writes, in one transaction; the owner of the deletion
 * requests first closes the person's open ones. Idempotent: asked again, it finds nothing more to do.
 */
export async function eraseOwnedRows(knex: Knex, owner: TableOwner, request: OwnerErasure): Promise<OwnerErased> {
  const tables = tablesOwnedBy(owner);
  const { person, by, at } = request;
  await knex.transaction(async (trx) => {
    if (tables.includes(DeletionRequest.tableName))
      await DeletionRequest.query(trx)
        .whereRaw('lower(email) = ?', [person.email])
        .whereNull('completedAt')
        .patch({ completedAt: at, completedBy: by });
    await erasePersonalRows(trx, person.email, TRANSFORMS, { person, tables });
  });
  return { owner, tables };
}

/** The owner's erasure as an internal route row (POST /internal/erasure), for `createService`'s `internal`. */
export const ownerErasureRoute = (knex: Knex, owner: TableOwner) =>
  route({
    method: 'POST',
    path: '/internal/erasure',
    permission: 'admin',
    body: OwnerErasure,
    response: OwnerErased,
    handler: async (ctx) => {
      ctx.body = await eraseOwnedRows(knex, owner, ctx.state.body);
    },
  });
