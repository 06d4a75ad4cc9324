import knexFactory, { type Knex } from 'knex';
import { knexSnakeCaseMappers, Model } from 'objection';

export type CreateKnexOptions = {
  /** Connection pool bounds; default min 0 (idle processes hold no connections), max 10. */
  pool?: Knex.PoolConfig;
};

/**
 * A knex instance on PostgreSQL where JavaScript speaks camelCase and the columns are snake_case
 * (`customerEmail` <-> `customer_email`, also for result rows). Remember to `destroy()` it.
 */
export function createKnex(connectionString: string, options: CreateKnexOptions = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: connectionString,
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
