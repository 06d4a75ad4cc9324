import type { Knex } from 'knex';
import {
  type ColumnErasure,
  ERASED_EMAIL,
  ERASED_TEXT,
  type Finder,
  PERSONAL_DATA_MAP,
  type RowSet,
  type TransformName,
} from './personal-data-map';

// Runs the data map (./personal-data-map.ts): finds a person's rows table by table, shapes the
// export from them and erases them. The only code that knows where personal data lives is the map.

/** The ids a person's rows are found by, gathered once before any row set is read. */
export type Person = {
  email: string;
  orderIds: string[];
  fileIds: string[];
  userIds: string[];
  paymentIds: string[];
  testimonialIds: string[];
  guestKeys: string[];
};

/** Which rows to look at: the person found earlier (else found now), and only these tables (else all). */
export type RowsOptions = { person?: Person; tables?: readonly string[] };

/** The rows one row set of the map found, as stored (camelCase). */
export type FoundRows = { table: string; set: RowSet; rows: Record<string, unknown>[] };

/** A domain rewrite of one column (invoice lines, webhook payloads), given by the erasure's caller. */
export type ErasureTransform = (value: unknown, row: Record<string, unknown>, email: string) => unknown;
/** One rewrite for each TransformName the map uses. */
export type ErasureTransforms = Record<TransformName, ErasureTransform>;

/** snake_case column name as the camelCase key rows carry. */
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The address as a POSIX regular expression (every special character escaped). */
const regexOf = (email: string) => email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Gathers the ids the finders refer to: the person's customer accounts, orders, files, payments,
 * testimonials. An erasure run by several owners takes this once, first, and hands it to each (one
 * owner's erasure must not hide the person's rows from the next: orders lose the address).
 */
export async function findPerson(knex: Knex, email: string): Promise<Person> {
  const lower = email.trim().toLowerCase();
  const users = await knex('users').whereRaw('lower(email) = ?', [lower]).where('role', 'customer').select('id');
  const orders = await knex('orders').whereRaw('lower(customer_email) = ?', [lower]).select('id', 'guest_key_hash');
  const orderIds = orders.map((o) => o.id as string);
  const files = await knex('order_files').whereIn('order_id', orderIds).select('id');
  const payments = await knex('payments').whereIn('order_id', orderIds).select('id');
  const ratings = await knex('order_ratings')
    .whereIn('order_id', orderIds)
    .whereNotNull('testimonial_id')
    .select('testimonial_id');
  return {
    email: lower,
    orderIds,
    fileIds: files.map((f) => f.id),
    userIds: users.map((u) => u.id),
    paymentIds: payments.map((p) => p.id),
    testimonialIds: ratings.map((r) => r.testimonialId),
    guestKeys: orders.flatMap((o) => (o.guestKeyHash ? [o.guestKeyHash as string] : [])),
  };
}

/** Adds one finder's condition to a query (OR-ed with the row set's other finders). */
function orWhereFinder(qb: Knex.QueryBuilder, finder: Finder, person: Person): void {
  const { email } = person;
  if ('email' in finder) qb.orWhereRaw(`lower(??) = ?`, [finder.email, email]);
  else if ('order' in finder) qb.orWhereIn(finder.order, person.orderIds);
  else if ('file' in finder) qb.orWhereIn(finder.file, person.fileIds);
  else if ('user' in finder) qb.orWhereIn(finder.user, person.userIds);
  else if ('payment' in finder) qb.orWhereIn(finder.payment, person.paymentIds);
  else if ('testimonial' in finder) qb.orWhereIn(finder.testimonial, person.testimonialIds);
  else if ('guestKey' in finder) qb.orWhereIn(finder.guestKey, person.guestKeys);
  else if ('jsonValue' in finder)
    // Equality with a whole string value at any depth: `ohnsmith@` never matches `johnsmith@`.
    qb.orWhereRaw(
      `exists (select 1 from jsonb_path_query(??, 'strict $.**') v where jsonb_typeof(v) = 'string' and lower(v #>> '{}') = ?)`,
      [finder.jsonValue, email],
    );
  else if ('jsonOrder' in finder)
    qb.orWhereRaw(`(?? #>> ?::text[]) = any(?::text[])`, [
      finder.jsonOrder.column,
      finder.jsonOrder.path,
      person.orderIds,
    ]);
  else if ('mentions' in finder) {
    // The address as a whole word: not preceded or followed by a character an address may hold.
    const pattern = `(^|[^[:alnum:]._%+-])${regexOf(email)}($|[^[:alnum:]_.-]|\\.($|[^[:alnum:]]))`;
    qb.orWhere((inner) => {
      for (const column of finder.mentions) inner.orWhereRaw('?? ~* ?', [column, pattern]);
      // Or one of their orders by its full id (a uuid names nothing else).
      const orders = person.orderIds.map((id) => `%${id}%`);
      if (orders.length > 0)
        for (const column of finder.mentions) inner.orWhereRaw('?? ilike any(?::text[])', [column, orders]);
    });
  } else qb.orWhereRaw(`? = any(regexp_split_to_array(lower(??), '[:|]'))`, [email, finder.keyPart]);
}

/** A query of `table` for the rows of `set`, optionally only those erasure may touch. */
function rowsOfSet(knex: Knex, table: string, set: RowSet, person: Person, forErasure: boolean) {
  const qb = knex(table).where((where) => {
    for (const finder of set.find) orWhereFinder(where, finder, person);
  });
  if (forErasure && set.eraseOnly) qb.where(set.eraseOnly.column, set.eraseOnly.equals);
  return qb;
}

/**
 * Every row of the map's row sets for the person with `email` (any case), table by table; with
 * `exported`, only the sets the export shows (the download skips scanning staff mail and the queue).
 */
export async function findPersonalRows(
  knex: Knex,
  email: string,
  { exported = false, person: given, tables }: RowsOptions & { exported?: boolean } = {},
): Promise<{ person: Person; found: FoundRows[] }> {
  const person = given ?? (await findPerson(knex, email));
  const sets = Object.entries(PERSONAL_DATA_MAP)
    .filter(([table]) => !tables || tables.includes(table))
    .flatMap(([table, map]) =>
      map.rows.filter((set) => !exported || 'as' in set.export).map((set) => ({ table, set })),
    );
  // One after another: inside a transaction every query shares one connection.
  const found: FoundRows[] = [];
  for (const { table, set } of sets) {
    const qb = rowsOfSet(knex, table, set, person, false);
    if ('as' in set.export && set.export.orderBy) qb.orderBy(set.export.orderBy);
    found.push({ table, set, rows: (await qb.select()) as Record<string, unknown>[] });
  }
  return { person, found };
}

/** A row as the export shows it. */
export type ExportRow = { id: string; [column: string]: unknown };

/** The export of found rows: each exported row set under its key, without the columns the map withholds. */
export function exportOf(found: readonly FoundRows[]): Record<string, ExportRow[]> {
  const out: Record<string, ExportRow[]> = {};
  for (const { table, set, rows } of found) {
    if (!('as' in set.export)) continue;
    const withheld = Object.entries(PERSONAL_DATA_MAP[table]!.personal)
      .filter(([, column]) => column.withheld)
      .map(([name]) => camel(name));
    out[set.export.as] = rows.map(
      (row) => Object.fromEntries(Object.entries(row).filter(([k]) => !withheld.includes(k))) as ExportRow,
    );
  }
  return out;
}

/** A jsonb value as the driver must be given it (objects and arrays as JSON text). */
const asColumn = (value: unknown) =>
  (value !== null && typeof value === 'object' ? JSON.stringify(value) : value) as Knex.Value;

/** What `action` writes into a column of `row` (the row's place in its set numbers tracks); undefined: keep. */
function erasedValue(
  action: ColumnErasure,
  column: string,
  row: Record<string, unknown>,
  index: number,
  email: string,
  transforms: Partial<ErasureTransforms>,
): unknown {
  if (typeof action === 'object') {
    if ('keep' in action) return undefined;
    const transform = transforms[action.transform];
    if (!transform) throw new Error(`Erasure needs the ${action.transform} rewrite for ${column}`);
    return transform(row[camel(column)], row, email);
  }
  switch (action) {
    case 'erasedEmail':
      return ERASED_EMAIL;
    case 'erasedText':
      return ERASED_TEXT;
    case 'empty':
      return '';
    case 'null':
      return null;
    case 'false':
      return false;
    case 'trackNumber':
      return `track-${index + 1}`;
    case 'withoutAddress': {
      const list = row[camel(column)];
      return Array.isArray(list) ? list.filter((item) => String(item).toLowerCase() !== email) : list;
    }
  }
}

/**
 * Erases the person's rows as the map says (only `tables`, when given: an owner erases its own):
 * rewrites columns row by row first, then deletes (so a row still pointed at, an account, goes after
 * what points at it is cleared). Run it in a transaction. Running it again changes nothing more.
 */
export async function erasePersonalRows(
  trx: Knex,
  email: string,
  transforms: Partial<ErasureTransforms>,
  options: RowsOptions = {},
): Promise<{ person: Person; found: FoundRows[] }> {
  const { person, found } = await findPersonalRows(trx, email, options);
  for (const { table, set, rows } of found) {
    if (!('columns' in set.erase)) continue;
    const only = set.eraseOnly;
    const columns = Object.entries(set.erase.columns);
    for (const [index, row] of rows.entries()) {
      if (only && row[camel(only.column)] !== only.equals) continue;
      const patch: Record<string, Knex.Value> = {};
      for (const [column, action] of columns) {
        const value = erasedValue(action, column, row, index, person.email, transforms);
        if (value !== undefined) patch[column] = asColumn(value);
      }
      if (Object.keys(patch).length > 0)
        await trx(table)
          .where('id', row.id as string)
          .update(patch);
    }
  }
  for (const { table, set } of found)
    if ('delete' in set.erase) await rowsOfSet(trx, table, set, person, true).delete();
  return { person, found };
}

// POPIA s23 (access): everything the studio holds about one email address, as the data map
// (personal-data-map.ts) declares it: the rows sent to or about the person, table by
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
