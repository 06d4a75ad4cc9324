import type { Knex } from 'knex';

// Totals the fulfilment screens read instead of counting every order or file per request:
//   order_status_totals  per order status: how many orders and their total (the orders list's counters
//                        and unfiltered totals, the dashboard's order count, pending count and revenue).
//   order_file_totals    per file processing status and mastering style: how many files and their bytes
//                        (the audio-files list's six counters and its totals under the status/style filters).
// Statement-level triggers keep them exact: each statement's transition tables become signed deltas per
// key, applied with `insert ... on conflict do update` increments in key order (row locks taken in the
// same order by every writer, never a read-modify-write), so concurrent writers add up and a bulk
// insert costs one statement. TRUNCATE empties them.
// Also the index of the orders list's due sort.

/** One summary: the table it summarises, its key columns, and each measure (summary column -> source expression per row). */
type Summary = { name: string; source: string; keys: readonly string[]; measures: Readonly<Record<string, string>> };

const SUMMARIES: readonly Summary[] = [
  {
    name: 'order_status_totals',
    source: 'orders',
    keys: ['status'],
    measures: { orders: '1', total_cents: 'total_cents' },
  },
  {
    name: 'order_file_totals',
    source: 'order_files',
    keys: ['processing_status', 'mastering_style'],
    measures: { files: '1', bytes: 'file_size' },
  },
];

/** The signed per-row deltas of a statement, as SQL over its transition tables `old_rows` / `new_rows`. */
function deltas(s: Summary, op: 'insert' | 'update' | 'delete'): string {
  const row = (alias: string, sign: string) =>
    `select ${[...s.keys.map((k) => `${alias}.${k}`), ...Object.entries(s.measures).map(([m, expr]) => `${sign} * ${expr === '1' ? '1' : `${alias}.${expr}`} as ${m}`)].join(', ')}`;
  if (op === 'insert') return `${row('n', '1')} from new_rows n`;
  if (op === 'delete') return `${row('o', '-1')} from old_rows o`;
  // Only rows whose key or measured value changed move a total (most updates touch other columns).
  const watched = [...s.keys, ...Object.values(s.measures).filter((e) => e !== '1')];
  const changed = `from old_rows o join new_rows n on n.id = o.id where (${watched.map((c) => `o.${c}`).join(', ')}) is distinct from (${watched.map((c) => `n.${c}`).join(', ')})`;
  return `${row('o', '-1')} ${changed} union all ${row('n', '1')} ${changed}`;
}

/** The trigger function applying one kind of statement's deltas to the summary, key by key in key order. */
function applyFunction(s: Summary, op: 'insert' | 'update' | 'delete'): string {
  const keys = s.keys.join(', ');
  const measures = Object.keys(s.measures);
  return `
    create function ${s.name}_${op}() returns trigger language plpgsql as $$
    begin
      insert into ${s.name} as t (${keys}, ${measures.join(', ')})
      select ${keys}, ${measures.map((m) => `sum(${m})::bigint`).join(', ')} from (${deltas(s, op)}) d
       group by ${keys} order by ${keys}
      on conflict (${keys}) do update set ${measures.map((m) => `${m} = t.${m} + excluded.${m}`).join(', ')};
      return null;
    end
    $$`;
}

/**
 * A totals trigger's name, `<table>_totals_<op>`. PostgreSQL fires a table's triggers for one event in
 * name order, so on orders these fire after 014's `orders_summaries_<op>`: every writer then takes the
 * per-customer row first, which serialises writers of one customer before they reach the shared rows
 * (without that order, two such transactions deadlocked).
 */
const triggerName = (s: Summary, op: string) => `${s.source}_totals_${op}`;

const TRANSITIONS = {
  insert: 'referencing new table as new_rows',
  update: 'referencing old table as old_rows new table as new_rows',
  delete: 'referencing old table as old_rows',
} as const;

/** Creates the totals, backfills them from the existing rows and installs the triggers that keep them. */
export async function up(knex: Knex): Promise<void> {
  // No order or file may change between the backfill and the triggers taking over.
  await knex.raw('lock table orders, order_files in share row exclusive mode');
  await knex.raw(
    'create table order_status_totals (status text primary key, orders bigint not null, total_cents bigint not null)',
  );
  await knex.raw(
    'create table order_file_totals (processing_status text not null, mastering_style text not null, files bigint not null, bytes bigint not null, primary key (processing_status, mastering_style))',
  );
  for (const s of SUMMARIES) {
    const keys = s.keys.join(', ');
    const measures = Object.entries(s.measures);
    await knex.raw(
      `insert into ${s.name} (${keys}, ${measures.map(([m]) => m).join(', ')}) select ${keys}, ${measures.map(([, e]) => (e === '1' ? 'count(*)' : `sum(${e})`)).join(', ')} from ${s.source} group by ${keys}`,
    );
    for (const op of ['insert', 'update', 'delete'] as const) {
      await knex.raw(applyFunction(s, op));
      await knex.raw(
        `create trigger ${triggerName(s, op)} after ${op} on ${s.source} ${TRANSITIONS[op]} for each statement execute function ${s.name}_${op}()`,
      );
    }
    await knex.raw(
      `create function ${s.name}_truncate() returns trigger language plpgsql as $$ begin delete from ${s.name}; return null; end $$`,
    );
    await knex.raw(
      `create trigger ${triggerName(s, 'truncate')} after truncate on ${s.source} for each statement execute function ${s.name}_truncate()`,
    );
  }
  // The orders list sorted by due (running clocks first, soonest due first, then newest): walked in
  // index order, so a page (also of the overdue or due-soon filter) never sorts every order.
  await knex.raw(
    `create index orders_due_sort_index on orders ((case when status in ('payment_confirmed', 'in_progress', 'mastered') then paid_at end) asc nulls last, created_at desc, id desc)`,
  );
}

/** Drops what `up` created. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index orders_due_sort_index');
  for (const s of SUMMARIES) {
    for (const op of ['insert', 'update', 'delete', 'truncate'] as const) {
      await knex.raw(`drop trigger ${triggerName(s, op)} on ${s.source}`);
      await knex.raw(`drop function ${s.name}_${op}()`);
    }
    await knex.raw(`drop table ${s.name}`);
  }
}
