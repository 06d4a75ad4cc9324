import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as db from '@mastering/db';
import { TABLE_OWNERS } from '@mastering/db';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS_DOC, tableOwnersDoc } from '../lib/table-owners-doc';
import { type ModelTables, tableWritesIn, writingStatics } from '../lib/table-writes';

// Issue 52: one owner per table, enforced. Every write a service's src makes (through a model of
// @mastering/db, or raw SQL) must be to a table the declaration (packages/db/src/owners.ts) gives that
// service; reads of any table are allowed. A failure names the file, the line and the table: move the
// write to the owner and call it (see services/*/src/internal), or, if the table moved, change the map.

const root = join(import.meta.dirname, '../..');

/** The model classes of @mastering/db, their tables and their relations' models. */
function modelTables(): ModelTables {
  type ModelClass = { name: string; tableName?: string; relationMappings?: unknown };
  const classes = Object.values(db).filter(
    (value): value is ModelClass =>
      typeof value === 'function' && typeof (value as ModelClass).tableName === 'string' && value !== db.BaseModel,
  );
  const tableOf = new Map(classes.map((model) => [model.name, model.tableName!]));
  const relations = new Map<string, Map<string, string>>();
  for (const model of classes) {
    const raw = model.relationMappings;
    const mappings = (typeof raw === 'function' ? raw.call(model) : raw) as Record<string, { modelClass: unknown }>;
    const byName = new Map<string, string>();
    for (const [name, { modelClass }] of Object.entries(mappings ?? {})) {
      const target = (
        typeof modelClass === 'function' && !('tableName' in modelClass) ? (modelClass as () => unknown)() : modelClass
      ) as ModelClass;
      if (target?.name && tableOf.has(target.name)) byName.set(name, target.name);
    }
    relations.set(model.name, byName);
  }
  const writers = new Map<string, Set<string>>();
  for (const file of sourcesUnder(join(root, 'packages/db/src/models')))
    for (const { model, method } of writingStatics(readFileSync(file, 'utf8')))
      writers.set(model, new Set([...(writers.get(model) ?? []), method]));
  return { tableOf, relations, writers };
}

/** The TypeScript source files under `dir` (tests and declarations left out). */
const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file))
    .map((file) => join(dir, file));

/** The services with a src folder, by name. */
const services = readdirSync(join(root, 'services')).filter((name) => existsSync(join(root, 'services', name, 'src')));

/** Each write in `source` (as a file of `service`) to a table the service does not own, as text. */
function crossOwnerWrites(service: string, file: string, source: string, models: ModelTables): string[] {
  return tableWritesIn(source, models)
    .filter((write) => write.table in TABLE_OWNERS && TABLE_OWNERS[write.table] !== service)
    .map((write) => `${file}:${write.line} writes ${write.table} (owner: ${TABLE_OWNERS[write.table]}): ${write.code}`);
}

const models = modelTables();

describe('one owner per table', () => {
  it('knows every model and the relations the services follow', () => {
    expect(models.tableOf.get('Order')).toBe('orders');
    expect(models.relations.get('Order')?.get('files')).toBe('OrderFile');
    for (const table of models.tableOf.values()) expect(TABLE_OWNERS).toHaveProperty(table);
  });

  const found = services.flatMap((service) =>
    sourcesUnder(join(root, 'services', service, 'src')).flatMap((file) =>
      crossOwnerWrites(service, relative(root, file), readFileSync(file, 'utf8'), models),
    ),
  );
  it("no service's src writes a table another service owns", () => {
    expect(found).toEqual([]);
  });
});

describe('the write finder', () => {
  // A planted file of the content service: what it may do to orders (read) and what it may not (write).
  const planted = `
    import { Order, type OrderFile, Testimonial, Upload } from '@mastering/db';
    import type { Knex } from 'knex';

    export async function plant(knex: Knex, id: string, file: OrderFile) {
      const order = await Order.query(knex).findById(id).throwIfNotFound();
      await Order.query(knex).whereIn('id', [id]).select('id');
      await order.$relatedQuery('files', knex).select();
      await Testimonial.query(knex).patch({ isActive: false });
      await Upload.open(knex, {}, 1);
      await Order.query(knex)
        .findById(id)
        .patch({ status: 'cancelled' });
      await order.$query(knex).delete();
      await order.$relatedQuery('files', knex).delete();
      await file.$query(knex).patch({ originalName: 'x' });
      await knex(Order.tableName).where({ id }).update({ notes: '' });
      await knex.raw('delete from payment_events where order_id = ?', [id]);
      const table = Order.tableName;
      await knex.raw('insert into ?? (id) values (?) on conflict (id) do update set id = excluded.id', [table, id]);
      const builder = Order.query(knex).where('id', id);
      await builder.del();
      createHash('sha256').update(id);
    }
  `;

  it('catches every planted cross-owner write, and nothing the service owns or only reads', () => {
    expect(crossOwnerWrites('content', 'planted.ts', planted, models)).toEqual([
      'planted.ts:10 writes uploads (owner: storefront): await Upload.open(knex, {}, 1);',
      'planted.ts:11 writes orders (owner: storefront): await Order.query(knex)',
      'planted.ts:14 writes orders (owner: storefront): await order.$query(knex).delete();',
      "planted.ts:15 writes order_files (owner: storefront): await order.$relatedQuery('files', knex).delete();",
      "planted.ts:16 writes order_files (owner: storefront): await file.$query(knex).patch({ originalName: 'x' });",
      "planted.ts:17 writes orders (owner: storefront): await knex(Order.tableName).where({ id }).update({ notes: '' });",
      "planted.ts:18 writes payment_events (owner: storefront): await knex.raw('delete from payment_events where order_id = ?', [id]);",
      "planted.ts:20 writes orders (owner: storefront): await knex.raw('insert into ?? (id) values (?) on conflict (id) do update set id = excluded.id', [table, id]);",
      'planted.ts:22 writes orders (owner: storefront): await builder.del();',
    ]);
  });
});

describe('the table of owners in docs', () => {
  it('is the one made from the declaration (remake it: node --import tsx scripts/lib/table-owners-doc.ts)', () => {
    expect(readFileSync(TABLE_OWNERS_DOC, 'utf8')).toBe(tableOwnersDoc());
  });
});
