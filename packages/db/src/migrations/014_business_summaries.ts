import type { Knex } from 'knex';

// Summaries the back-office business screens read instead of aggregating every order per request:
//   customer_summaries  one row per customer of the customers screen (lower-cased address): every
//                       address that placed an order and every customer account; order counts, paid
//                       totals and first/last dates (all orders, and paid ones for the analytics).
//   customer_totals     one row: the customers screen's cards and filter counts (customers, active,
//                       VIPs, revenue, paid orders), moved by the same triggers only when they change.
//   order_day_stats     per UTC day (the analytics buckets by UTC) and status: orders and their total.
// Statement-level triggers on orders and users keep them exact: each statement's transition tables
// become signed deltas applied as increments under row locks (`insert ... on conflict`, `set x = x +
// delta`; never a read-modify-write in the app), so concurrent writers add up and a bulk insert costs
// one trigger call. The paid statuses and the VIP line are frozen into SQL here; should the contract
// change them, a new migration must redefine paid_order_status / vip_spent_cents and rebuild (the
// test that compares them fails until then).

/** Creates the summaries, backfills them from the existing rows and installs the triggers that keep them. */
export async function up(knex: Knex): Promise<void> {
  // No order or account may change between the backfill and the triggers taking over.
  await knex.raw('lock table orders, users in share row exclusive mode');

  // The one SQL copy of the contract's PAID_ORDER_STATUSES as of this migration
  // (services/ops/test/business-summaries.test.ts compares them).
  await knex.raw(`
    create function paid_order_status(status text) returns boolean language sql immutable parallel safe as $$
      select status = any (array['payment_confirmed', 'in_progress', 'mastered', 'delivered']::text[])
    $$`);

  // The contract's VIP line (VIP_THRESHOLD_RAND, R2000) in cents, frozen the same way (the same test compares it).
  await knex.raw(
    `create function vip_spent_cents() returns bigint language sql immutable parallel safe as $$ select 200000::bigint $$`,
  );

  await knex.raw(`
    create table customer_summaries (
      email text primary key,
      accounts int not null default 0,
      order_count int not null default 0,
      total_orders int not null default 0,
      spent_cents bigint not null default 0,
      first_order timestamptz,
      last_order timestamptz,
      first_paid timestamptz,
      last_paid timestamptz
    )`);
  await knex.raw(`
    create table customer_totals (
      id boolean primary key default true check (id),
      customers int not null,
      active int not null,
      vip int not null,
      revenue_cents bigint not null,
      paid_orders bigint not null
    )`);
  await knex.raw(`
    create table order_day_stats (
      day date not null,
      status text not null,
      orders int not null,
      revenue_cents bigint not null,
      primary key (day, status)
    )`);

  // The summaries from scratch: the backfill here, and again after a TRUNCATE (which fires no row changes).
  await knex.raw(`
    create function rebuild_business_summaries() returns void language sql as $$
      delete from customer_summaries;
      delete from customer_totals;
      delete from order_day_stats;
    insert into customer_summaries (email, accounts, order_count, total_orders, spent_cents, first_order, last_order, first_paid, last_paid)
    select coalesce(o.email, u.email), coalesce(u.accounts, 0), coalesce(o.order_count, 0), coalesce(o.total_orders, 0), coalesce(o.spent_cents, 0),
           o.first_order, o.last_order, o.first_paid, o.last_paid
      from (select lower(customer_email) as email, count(*) as order_count,
                   count(*) filter (where paid_order_status(status)) as total_orders,
                   coalesce(sum(total_cents) filter (where paid_order_status(status)), 0) as spent_cents,
                   min(created_at) as first_order, max(created_at) as last_order,
                   min(created_at) filter (where paid_order_status(status)) as first_paid,
                   max(created_at) filter (where paid_order_status(status)) as last_paid
              from orders group by 1) o
      full join (select lower(email) as email, count(*) as accounts from users where role = 'customer' group by 1) u on u.email = o.email;
    insert into customer_totals (customers, active, vip, revenue_cents, paid_orders)
    select count(*), count(*) filter (where total_orders > 0), count(*) filter (where spent_cents > vip_spent_cents()),
           coalesce(sum(spent_cents), 0), coalesce(sum(total_orders), 0)
      from customer_summaries;
    insert into order_day_stats (day, status, orders, revenue_cents)
    select (created_at at time zone 'UTC')::date, status, count(*), sum(total_cents) from orders group by 1, 2;
    $$`);
  await knex.raw('select rebuild_business_summaries()');

  // What the screens sort, filter and search on.
  await knex.raw(
    'create index customer_summaries_last_order_index on customer_summaries (last_order desc nulls last, email)',
  );
  await knex.raw('create index customer_summaries_spent_index on customer_summaries (spent_cents desc, email)');
  await knex.raw('create index customer_summaries_total_orders_index on customer_summaries (total_orders desc, email)');
  await knex.raw('create index customer_summaries_first_paid_index on customer_summaries (first_paid)');
  await knex.raw('create index customer_summaries_last_paid_index on customer_summaries (last_paid)');
  // fastupdate off: the triggers update rows all the time, and a pending list would slow every search.
  await knex.raw(
    'create index customer_summaries_email_trgm_index on customer_summaries using gin (email gin_trgm_ops) with (fastupdate = off)',
  );

  // One order entering (+1) or leaving (-1) the figures.
  await knex.raw(
    'create type order_summary_delta as (email text, sign int, status text, total_cents bigint, created_at timestamptz)',
  );
  // The deltas summed per address.
  await knex.raw(`
    create function customer_deltas(deltas order_summary_delta[])
    returns table (email text, order_count bigint, total_orders bigint, spent_cents numeric, first_order timestamptz, last_order timestamptz, first_paid timestamptz, last_paid timestamptz)
    language sql immutable as $$
      select d.email, sum(d.sign),
             coalesce(sum(d.sign) filter (where paid_order_status(d.status)), 0),
             coalesce(sum(d.sign * d.total_cents) filter (where paid_order_status(d.status)), 0),
             min(d.created_at) filter (where d.sign > 0), max(d.created_at) filter (where d.sign > 0),
             min(d.created_at) filter (where d.sign > 0 and paid_order_status(d.status)),
             max(d.created_at) filter (where d.sign > 0 and paid_order_status(d.status))
        from unnest(deltas) d group by d.email
    $$`);
  // Rows new to the screen and rows leaving it, then the changed cards, added to the totals row (only
  // when a card moves, so most status changes never wait for it).
  await knex.raw(`
    create function add_customer_totals(created bigint, removed bigint, active bigint, vip bigint, revenue numeric, paid bigint) returns void language plpgsql as $$
    begin
      if created = removed and active = 0 and vip = 0 and revenue = 0 and paid = 0 then return; end if;
      update customer_totals set customers = customers + created - removed, active = customer_totals.active + add_customer_totals.active,
             vip = customer_totals.vip + add_customer_totals.vip, revenue_cents = revenue_cents + revenue, paid_orders = paid_orders + paid;
    end
    $$`);
  await knex.raw(`
    create function apply_order_deltas(deltas order_summary_delta[]) returns void language plpgsql as $$
    declare
      created bigint;
      removed bigint;
      d_active bigint;
      d_vip bigint;
      d_revenue numeric;
      d_paid bigint;
    begin
      if cardinality(deltas) = 0 then return; end if;
      -- Addresses new to the summaries (in address order, so concurrent statements lock alike).
      with added as (insert into customer_summaries (email) select c.email from customer_deltas(deltas) c order by c.email on conflict (email) do nothing returning 1)
      select count(*) into created from added;
      -- Increments under the row lock; each row's figures before are its figures after minus the delta.
      with changed as (
        update customer_summaries s set
               order_count = s.order_count + c.order_count,
               total_orders = s.total_orders + c.total_orders,
               spent_cents = s.spent_cents + c.spent_cents,
               first_order = least(s.first_order, c.first_order),
               last_order = greatest(s.last_order, c.last_order),
               first_paid = least(s.first_paid, c.first_paid),
               last_paid = greatest(s.last_paid, c.last_paid)
          from customer_deltas(deltas) c where s.email = c.email
        returning s.total_orders as t, s.spent_cents as sp, s.total_orders - c.total_orders as t0, s.spent_cents - c.spent_cents as sp0)
      select coalesce(sum((t > 0)::int - (t0 > 0)::int), 0), coalesce(sum((sp > vip_spent_cents())::int - (sp0 > vip_spent_cents())::int), 0),
             coalesce(sum(sp - sp0), 0), coalesce(sum(t - t0), 0)
        into d_active, d_vip, d_revenue, d_paid from changed;
      -- An order that left an address may have held one of its dates: read them again. The rows are
      -- locked by the update above, so this statement's snapshot already holds every earlier writer.
      update customer_summaries s
         set first_order = o.first_order, last_order = o.last_order, first_paid = o.first_paid, last_paid = o.last_paid
        from (select distinct d.email from unnest(deltas) d where d.sign < 0) gone
        cross join lateral (
          select min(created_at) as first_order, max(created_at) as last_order,
                 min(created_at) filter (where paid_order_status(status)) as first_paid,
                 max(created_at) filter (where paid_order_status(status)) as last_paid
            from orders where lower(customer_email) = gone.email) o
       where s.email = gone.email;
      -- An address without orders or a customer account leaves the screen (its figures are all zero).
      with dropped as (
        delete from customer_summaries s using (select distinct d.email from unnest(deltas) d where d.sign < 0) gone
         where s.email = gone.email and s.order_count = 0 and s.accounts = 0 returning 1)
      select count(*) into removed from dropped;
      perform add_customer_totals(created, removed, d_active, d_vip, d_revenue, d_paid);

      insert into order_day_stats as s (day, status, orders, revenue_cents)
      select (d.created_at at time zone 'UTC')::date, d.status, sum(d.sign), sum(d.sign * d.total_cents)
        from unnest(deltas) d group by 1, 2 order by 1, 2
      on conflict (day, status) do update set orders = s.orders + excluded.orders, revenue_cents = s.revenue_cents + excluded.revenue_cents;
      delete from order_day_stats s using (select distinct (d.created_at at time zone 'UTC')::date as day, d.status from unnest(deltas) d where d.sign < 0) gone
       where s.day = gone.day and s.status = gone.status and s.orders = 0;
    end
    $$`);
  // One trigger per operation (a transition table exists only for the operations that have it); an
  // update counts only when it moves a figure (most touch notes, assignment or updated_at).
  const delta = (r: string, sign: number) =>
    `row(lower(${r}.customer_email), ${sign}, ${r}.status, ${r}.total_cents, ${r}.created_at)::order_summary_delta`;
  const orderChanges = {
    insert: `select ${delta('n', 1)} from new_rows n`,
    delete: `select ${delta('o', -1)} from old_rows o`,
    update: `select d from old_rows o join new_rows n on n.id = o.id cross join lateral (values (${delta('o', -1)}), (${delta('n', 1)})) v(d)
              where (lower(o.customer_email), o.status, o.total_cents, o.created_at) is distinct from (lower(n.customer_email), n.status, n.total_cents, n.created_at)`,
  };
  await summaryTriggers(knex, 'orders', orderChanges, (changes) => `perform apply_order_deltas(array(${changes}))`);
  await knex.raw(
    'create function business_summaries_truncate() returns trigger language plpgsql as $$ begin perform rebuild_business_summaries(); return null; end $$',
  );
  for (const table of ['orders', 'users']) {
    await knex.raw(
      `create trigger ${table}_summaries_truncate after truncate on ${table} for each statement execute function business_summaries_truncate()`,
    );
  }

  // Customer accounts: an address with one is on the customers screen even without orders.
  await knex.raw(`
    create function apply_account_deltas(emails text[], signs int[]) returns void language plpgsql as $$
    declare
      created bigint;
      removed bigint;
    begin
      if cardinality(emails) = 0 then return; end if;
      with added as (insert into customer_summaries (email) select distinct d.email from unnest(emails) d(email) order by 1 on conflict (email) do nothing returning 1)
      select count(*) into created from added;
      update customer_summaries s set accounts = s.accounts + c.sign
        from (select d.email, sum(d.sign) as sign from unnest(emails, signs) d(email, sign) group by d.email) c where s.email = c.email;
      with dropped as (
        delete from customer_summaries s using (select distinct d.email from unnest(emails, signs) d(email, sign) where d.sign < 0) gone
         where s.email = gone.email and s.order_count = 0 and s.accounts = 0 returning 1)
      select count(*) into removed from dropped;
      perform add_customer_totals(created, removed, 0, 0, 0, 0);
    end
    $$`);
  // As for orders: one trigger per operation.
  const accountChanges = {
    insert: `select lower(n.email) as email, 1 as sign from new_rows n where n.role = 'customer'`,
    delete: `select lower(o.email) as email, -1 as sign from old_rows o where o.role = 'customer'`,
    update: `select c.email, c.sign from old_rows o join new_rows n on n.id = o.id
               cross join lateral (values (lower(o.email), -1, o.role), (lower(n.email), 1, n.role)) c(email, sign, role)
              where c.role = 'customer' and (lower(o.email), o.role) is distinct from (lower(n.email), n.role)`,
  };
  await summaryTriggers(
    knex,
    'users',
    accountChanges,
    (changes) =>
      `perform apply_account_deltas(x.emails, x.signs) from (select coalesce(array_agg(c.email), '{}') as emails, coalesce(array_agg(c.sign), '{}') as signs from (${changes}) c) x`,
  );
}

const REFERENCING = {
  insert: 'referencing new table as new_rows',
  update: 'referencing old table as old_rows new table as new_rows',
  delete: 'referencing old table as old_rows',
};

/**
 * One statement-level trigger per operation on `table` (`<table>_summaries_<op>`, function and trigger
 * alike): `apply` gets that operation's changes, a query over the transition tables it has.
 */
async function summaryTriggers(
  knex: Knex,
  table: string,
  changes: Record<keyof typeof REFERENCING, string>,
  apply: (changes: string) => string,
): Promise<void> {
  for (const op of Object.keys(REFERENCING) as (keyof typeof REFERENCING)[]) {
    await knex.raw(
      `create function ${table}_summaries_${op}() returns trigger language plpgsql as $$ begin ${apply(changes[op])}; return null; end $$`,
    );
    await knex.raw(
      `create trigger ${table}_summaries_${op} after ${op} on ${table} ${REFERENCING[op]} for each statement execute function ${table}_summaries_${op}()`,
    );
  }
}

/** Drops the triggers, functions and summaries. */
export async function down(knex: Knex): Promise<void> {
  for (const t of ['insert', 'update', 'delete']) {
    await knex.raw(`drop trigger users_summaries_${t} on users`);
    await knex.raw(`drop trigger orders_summaries_${t} on orders`);
    await knex.raw(`drop function users_summaries_${t}()`);
    await knex.raw(`drop function orders_summaries_${t}()`);
  }
  await knex.raw('drop trigger users_summaries_truncate on users');
  await knex.raw('drop trigger orders_summaries_truncate on orders');
  await knex.raw('drop function business_summaries_truncate()');
  await knex.raw('drop function rebuild_business_summaries()');
  await knex.raw('drop function apply_account_deltas(text[], int[])');
  await knex.raw('drop function apply_order_deltas(order_summary_delta[])');
  await knex.raw('drop function add_customer_totals(bigint, bigint, bigint, bigint, numeric, bigint)');
  await knex.raw('drop function customer_deltas(order_summary_delta[])');
  await knex.raw('drop type order_summary_delta');
  await knex.raw('drop table order_day_stats');
  await knex.raw('drop table customer_summaries');
  await knex.raw('drop table customer_totals');
  await knex.raw('drop function vip_spent_cents()');
  await knex.raw('drop function paid_order_status(text)');
}
