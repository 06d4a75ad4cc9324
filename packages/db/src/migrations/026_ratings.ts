import type { Knex } from 'knex';
import { createdAt, uuidPrimaryKey } from './helpers';

// Ratings (issue 27 item 8): one rating per order, given by the holder of the order's link after delivery,
// and when the "Feedback request" mail asked for one (sent once per order).

/** The order_ratings table and orders.feedback_requested_at. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_ratings', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('order_id').notNullable().unique().references('id').inTable('orders').onDelete('CASCADE');
    t.integer('stars').notNullable();
    t.text('comment').notNullable().defaultTo('');
    /** The customer ticked "you may publish this comment". */
    t.boolean('publish_consent').notNullable().defaultTo(false);
    /** The testimonial staff made from it, if any. */
    t.uuid('testimonial_id').references('id').inTable('testimonials').onDelete('SET NULL');
    createdAt(knex, t);
    t.index(['created_at']);
    t.check('stars between 1 and 5', [], 'order_ratings_stars_check');
    t.check('length(comment) <= 1000', [], 'order_ratings_comment_check');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.timestamp('feedback_requested_at', { useTz: true });
  });
}

/** Drops them. */
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('feedback_requested_at');
  });
  await knex.schema.dropTable('order_ratings');
}
