import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers, Model } from 'objection';

export type CreateKnexOptions = {
  /** Connection pool bounds; default min 0 (idle processes hold no connections), max 10. */
  pool?: Knex.PoolConfig;
};

/**
 * Settings every connection starts with (sent in its startup packet, so no query per connection).
 *
 * No parallel workers: each request's queries are small and many requests run at once, so a worker that
 * PostgreSQL starts for one query takes a core from the others. At 1,000,000 orders on 2 cores the
 * analytics answered 29 -> 40 requests a second with 10 at a time (p95 438 -> 300 ms), and one answer
 * alone took as long either way (bench:admin, issue 28). Index builds have their own setting
 * (max_parallel_maintenance_workers) and keep it. A DATABASE_URL that sets `options` itself replaces these.
 */
const SESSION_SETTINGS = '-c max_parallel_workers_per_gather=0';

/**
 * A knex instance on PostgreSQL where JavaScript speaks camelCase and the columns are snake_case
 * (`customerEmail` <-> `customer_email`, also for result rows), each connection with SESSION_SETTINGS.
 * Remember to `destroy()` it.
 */
export function createKnex(connectionString: string, options: CreateKnexOptions = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString, options: SESSION_SETTINGS },
    pool: { min: 0, max: 10, ...options.pool },
    acquireConnectionTimeout: 30_000,
    ...knexSnakeCaseMappers(),
  });
}

/** Binds every objection model to `knex` (process-wide, as objection intends); returns knex. */
export function bindModels(knex: Knex): Knex {
  Model.knex(knex);
  return knex;
}
