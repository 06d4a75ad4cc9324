import { Model, type Modifiers, type QueryBuilder } from 'objection';

/**
 * Base of every model. The knex instance (createKnex) maps camelCase to snake_case, so properties,
 * queries and relation joins use camelCase columns; joins name tables as in `tableName`
 * (`order_files.orderId`), which objection requires.
 */
export class BaseModel extends Model {
  // Properties are `declare`d in subclasses: class fields would shadow the values objection assigns.
  static useLimitInFirst = true;
}

type Builder = QueryBuilder<Model>;

/** `newestFirst` modifier: sort by a time column, latest first (admin lists show newest first). */
export function newestFirst(column: string) {
  return (builder: Builder) => builder.orderBy(column, 'desc');
}

/**
 * Modifiers of the public, hand-ordered lists (showcase tracks, testimonials): `active` keeps what
 * visitors may see, `inDisplayOrder` sorts like the site shows them.
 */
export function displayOrderModifiers(table: string): Modifiers<Builder> {
  return {
    active: (builder) => builder.where(`${table}.isActive`, true),
    inDisplayOrder: (builder) =>
      builder.orderBy([{ column: `${table}.displayOrder` }, { column: `${table}.createdAt` }]),
  };
}

/** `withStatus` modifier: filter by a status value; no filter for 'all' or an empty value, as the admin selects send. */
export function withStatus(column: string) {
  return (builder: Builder, status?: string) => (status && status !== 'all' ? builder.where(column, status) : builder);
}

/** `since` modifier: rows whose time column is within the last `days` days (the admin date-range select). */
export function since(column: string) {
  return (builder: Builder, days?: number) =>
    days && days > 0 ? builder.where(column, '>=', new Date(Date.now() - days * 86_400_000)) : builder;
}
