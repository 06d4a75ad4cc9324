import type { Knex } from 'knex';
import { USER_NOT_FOUND, type AudioFile, type Order as OrderShape } from '@mastering/contracts';
import { Order, OrderFile, User } from '@mastering/db';
import { NotFound } from '@mastering/service-kit';

/** The user (404 when unknown). */
async function findUser(knex: Knex, userId: string): Promise<User> {
  const user = await User.query(knex).findById(userId);
  if (!user) throw new NotFound(USER_NOT_FOUND);
  return user;
}

/** The user's orders: placed while signed in (user id) or with their address as a guest. */
const ordersOf = (knex: Knex, user: User) =>
  Order.query(knex).where((b) =>
    b.where('orders.userId', user.id).orWhereRaw('lower(orders.customer_email) = lower(?)', [user.email]),
  );

/** GET /api/orders/customer/:userId: the user's orders with their files, newest first. */
export async function customerOrders(knex: Knex, userId: string): Promise<OrderShape[]> {
  const orders = await ordersOf(knex, await findUser(knex, userId))
    .withGraphFetched('files')
    .modify('newestFirst');
  return orders.map((o) => o.toApi());
}

/** GET /api/audio-files/customer/:userId: the files of the user's orders, newest upload first. */
export async function customerFiles(knex: Knex, userId: string): Promise<AudioFile[]> {
  const orders = await ordersOf(knex, await findUser(knex, userId)).select('orders.id', 'orders.customerEmail');
  const emailOf = new Map(orders.map((o) => [o.id, o.customerEmail]));
  if (emailOf.size === 0) return [];
  const files = await OrderFile.query(knex)
    .whereIn('orderId', [...emailOf.keys()])
    .orderBy([{ column: 'uploadedAt', order: 'desc' }, { column: 'originalName' }]);
  return files.map((f) => ({ ...f.toApi(), customerEmail: emailOf.get(f.orderId)! }));
}
