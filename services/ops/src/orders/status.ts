// Staff change an order's status through the one function of @mastering/orders; ops queues the mails.
import type { Knex } from 'knex';
import type { AdminOrder, Identity, OrderStatus } from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import { Order } from '@mastering/db';
import { changeOrderStatus } from '@mastering/orders';
import type { Counters } from '../counters';
import { queueMoveMails } from './mails';
import { assertPackReady } from '../release-pack/service';
import { orderDetail } from './queries';
import type { StorefrontWrites } from '../storefront-writes';

/**
 * What the orders screens need: the database, the queue (mail), the site's address, the list counters,
 * and the storefront, which owns the orders (their writes are calls to it).
 */
export type FulfilmentDeps = {
  knex: Knex;
  queue: Queue;
  publicUrl: string;
  counters: Counters;
  storefront: StorefrontWrites;
};

/**
 * PATCH /api/admin/orders/:id/status: moves an order along ORDER_TRANSITIONS as the caller's role
 * allows (else 400 / 403), recording who, when, from, to and the note. Delivering needs a master for
 * every file and mails the customer the `mastering-complete` template with an expiring link (and the
 * expiry reminder a day before); the first start of the work mails `mastering-started`. The mails are
 * queued inside the transaction, so a failure to queue changes nothing.
 */
export async function updateOrderStatus(
  deps: Pick<FulfilmentDeps, 'knex' | 'queue'>,
  id: string,
  to: OrderStatus,
  note: string | undefined,
  caller: Identity,
): Promise<AdminOrder> {
  await deps.knex.transaction(async (trx) => {
    // The release pack goes with the delivery: refused (409) while it renders or failed (issue 54). Checked
    // under the order's lock, which confirming a master takes to open its pack, so a master confirmed
    // meanwhile cannot slip a rendering pack past the check.
    if (to === 'delivered') {
      await Order.query(trx).findById(id).forUpdate();
      await assertPackReady(trx, id);
    }
    const move = await changeOrderStatus(trx, id, { to, by: caller, note });
    await queueMoveMails(deps, trx, move);
  });
  return (await orderDetail(deps.knex, id)).order;
}
