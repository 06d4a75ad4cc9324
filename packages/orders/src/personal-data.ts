import type { Knex } from 'knex';
import { type ExportRow, exportOf, findPersonalRows } from '@mastering/db';

// POPIA s23 (access): everything the studio holds about one email address, as the data map
// (packages/db personal-data-map.ts) declares it: the rows sent to or about the person, table by
// table, without secrets and without staff mail. The customer's download shows exactly this.

/** What was agreed at checkout, for one order. */
type Consent = { orderId: string; termsAcceptedAt: unknown; termsTextVersion: unknown; marketingConsent: unknown };

/** The download: the address, the map's exported row sets under their keys, and the consents. */
export type PersonalData = { email: string; consents: Consent[] } & { [rowSet: string]: ExportRow[] };

/** Every exported row about the person with `email` (any case), under the map's export keys. */
export async function personalDataOf(knex: Knex, email: string): Promise<PersonalData> {
  const { person, found } = await findPersonalRows(knex, email, { exported: true });
  const rows = exportOf(found);
  const orders = rows.orders ?? [];
  return {
    email: person.email,
    ...rows,
    /** What was agreed at checkout, order by order (the order rows carry it too). */
    consents: orders.map((o) => ({
      orderId: o.id,
      termsAcceptedAt: o.termsAcceptedAt,
      termsTextVersion: o.termsTextVersion,
      marketingConsent: o.marketingConsent,
    })),
  } as PersonalData;
}
