import type { Knex } from 'knex';

// No invented content in production (issue 50 Deliver 7): the demo showcase tracks and testimonials are
// seeded only by the embedded default (`npm start`) and carry `is_demo`, so the back-office marks them.
// Rows an earlier seed put into any database (a production one included) are the demo rows by their
// names: they are flagged here, so staff see which reviews and tracks no artist ever gave.

/** The demo testimonials' authors and the demo showcase tracks as the seed wrote them. */
const DEMO_TESTIMONIALS: [name: string, role: string][] = [
  ['Naledi Khumalo', 'Singer-songwriter'],
  ['Sipho Ndlovu', 'Producer & DJ'],
  ['Ruan van der Merwe', 'Guitarist'],
  ['Ayanda Dlamini', 'A&R Manager'],
];
const DEMO_SHOWCASE: [title: string, artist: string][] = [
  ['Joburg After Dark', 'Kasi Pulse'],
  ['Highveld Thunder', 'The Karoo Riders'],
  ['Sunday in Sophiatown', 'Thabo Mokoena Trio'],
  ['Golden Hour', 'Lerato Jay'],
];

/** Adds is_demo to testimonials and showcase tracks and flags the rows an earlier seed made. */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['testimonials', 'showcase_tracks'])
    await knex.schema.alterTable(table, (t) => {
      t.boolean('is_demo').notNullable().defaultTo(false);
    });
  for (const [name, role] of DEMO_TESTIMONIALS)
    await knex('testimonials').where({ name, role }).update({ is_demo: true });
  for (const [title, artist] of DEMO_SHOWCASE)
    await knex('showcase_tracks').where({ title, artist }).update({ is_demo: true });
}

/** Drops the flags. */
export async function down(knex: Knex): Promise<void> {
  for (const table of ['testimonials', 'showcase_tracks'])
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('is_demo');
    });
}
