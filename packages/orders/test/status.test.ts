import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_NEEDS_MASTERS,
  invalidTransition,
  transitionNotForRole,
  type OrderStatus,
} from '@mastering/contracts';
import { Order, OrderFile, OrderStatusHistory, User, type Knex } from '@mastering/db';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { changeOrderStatus, SYSTEM, type OrderActor, type StatusChange } from '../src/index';

let db: TestDatabase;
let admin: OrderActor, engineer: OrderActor;
beforeAll(async () => {
  db = await createTestDatabase();
  const staff = async (role: 'admin' | 'engineer') => ({
    role,
    userId: (await User.query(db.knex).insert({ email: `${role}@status.test`, role, isActive: true })).id,
  });
  admin = await staff('admin');
  engineer = await staff('engineer');
});
afterAll(() => db?.destroy());

/** An order in `status` with one file (mastered or not). */
async function seedOrder(status: OrderStatus, { mastered = false } = {}) {
  const order = await Order.query(db.knex).insert({
    customerEmail: 'thandi@status.test',
    status,
    unitPriceCents: 49_900,
    trackCount: 1,
    subtotalCents: 49_900,
    totalCents: 49_900,
  });
  await OrderFile.query(db.knex).insert({
    orderId: order.id,
    originalName: 'Song.wav',
    fileName: 'Song.wav',
    fileSize: 10,
    mimeType: 'audio/wav',
    originalFilePath: '/objects/x',
    masteredFilePath: mastered ? '/objects/m' : null,
  });
  return order.id;
}

const change = (orderId: string, request: StatusChange) =>
  db.knex.transaction((trx) => changeOrderStatus(trx, orderId, request));
const historyOf = (orderId: string) =>
  OrderStatusHistory.query(db.knex)
    .where({ orderId })
    .orderBy('createdAt')
    .select('fromStatus', 'toStatus', 'changedBy', 'note');
const statusOf = async (orderId: string) => (await Order.query(db.knex).findById(orderId))!.status;

describe('changeOrderStatus: the one way an order changes', () => {
  it('moves a staff change, records who and why, and answers the mails of the first start only', async () => {
    const id = await seedOrder('payment_confirmed');
    const move = await change(id, { to: 'in_progress', by: engineer, note: ' On the desk ' });
    expect(move).toMatchObject({
      from: 'payment_confirmed',
      to: 'in_progress',
      mails: ['mastering-started'],
      order: { id, status: 'in_progress' },
    });
    expect(move.order.files?.map((f) => f.originalName)).toEqual(['Song.wav']);
    expect((await change(id, { to: 'payment_confirmed', by: admin })).mails).toEqual([]);
    // Started again: the customer already knows.
    expect((await change(id, { to: 'in_progress', by: engineer })).mails).toEqual([]);
    expect(await historyOf(id)).toEqual([
      {
        fromStatus: 'payment_confirmed',
        toStatus: 'in_progress',
        changedBy: (engineer as { userId: string }).userId,
        note: 'On the desk',
      },
      {
        fromStatus: 'in_progress',
        toStatus: 'payment_confirmed',
        changedBy: (admin as { userId: string }).userId,
        note: null,
      },
      {
        fromStatus: 'payment_confirmed',
        toStatus: 'in_progress',
        changedBy: (engineer as { userId: string }).userId,
        note: null,
      },
    ]);
  });

  it("refuses a move the table does not allow, one not the role's, and a delivery without masters, as domain errors, changing nothing", async () => {
    const unpaid = await seedOrder('pending_payment');
    await expect(change(unpaid, { to: 'mastered', by: admin })).rejects.toMatchObject({
      kind: 'invalid',
      message: invalidTransition('pending_payment', 'mastered'),
    });
    // An engineer is refused a payment move.
    await expect(change(unpaid, { to: 'payment_confirmed', by: engineer })).rejects.toMatchObject({
      kind: 'not-allowed',
      message: transitionNotForRole('payment_confirmed'),
    });
    // The shortcut confirm-upload once took: a paid order is started before it is mastered.
    const paid = await seedOrder('payment_confirmed', { mastered: true });
    await expect(change(paid, { to: 'mastered', by: engineer })).rejects.toMatchObject({
      kind: 'invalid',
      message: invalidTransition('payment_confirmed', 'mastered'),
    });
    const unmastered = await seedOrder('mastered');
    await expect(change(unmastered, { to: 'delivered', by: engineer })).rejects.toMatchObject({
      kind: 'invalid',
      message: DELIVERY_NEEDS_MASTERS,
    });
    await expect(change(crypto.randomUUID(), { to: 'cancelled', by: admin })).rejects.toMatchObject({
      kind: 'not-found',
    });
    expect([await statusOf(unpaid), await statusOf(paid), await statusOf(unmastered)]).toEqual([
      'pending_payment',
      'payment_confirmed',
      'mastered',
    ]);
    expect(await OrderStatusHistory.query(db.knex).whereIn('orderId', [unpaid, paid, unmastered])).toEqual([]);
  });

  it('delivers an order whose every file has a master, with the delivery mail', async () => {
    const id = await seedOrder('mastered', { mastered: true });
    expect((await change(id, { to: 'delivered', by: engineer })).mails).toEqual(['mastering-complete']);
  });

  it('lets the system confirm a payment (starting the clock, with the payment mails) and expire an unpaid order, never a staff move', async () => {
    const paid = await seedOrder('pending_payment');
    const move = await change(paid, {
      to: 'payment_confirmed',
      by: SYSTEM,
      note: 'Paid online.',
      onlyFrom: 'pending_payment',
    });
    expect(move?.mails).toEqual(['order-confirmation', 'new-order']);
    expect(move?.order.paidAt).toBeInstanceOf(Date);
    expect((await Order.query(db.knex).findById(paid))!.paidAt).not.toBeNull();
    await expect(change(paid, { to: 'in_progress', by: SYSTEM })).rejects.toMatchObject({ kind: 'not-allowed' });
    const unpaid = await seedOrder('pending_payment');
    expect((await change(unpaid, { to: 'expired', by: SYSTEM, onlyFrom: 'pending_payment' }))?.mails).toEqual([]);
    expect([...(await historyOf(paid)), ...(await historyOf(unpaid))]).toEqual([
      { fromStatus: 'pending_payment', toStatus: 'payment_confirmed', changedBy: null, note: 'Paid online.' },
      { fromStatus: 'pending_payment', toStatus: 'expired', changedBy: null, note: null },
    ]);
    // A staff confirmation of money received another way starts the clock but sends no payment mails.
    const eft = await seedOrder('pending_payment');
    expect((await change(eft, { to: 'payment_confirmed', by: admin })).mails).toEqual([]);
  });

  it("confirms a payment once when two arrive together: the second waits for the order's lock, then finds it paid", async () => {
    const id = await seedOrder('pending_payment');
    const confirm = (trx: Knex.Transaction) =>
      changeOrderStatus(trx, id, { to: 'payment_confirmed', by: SYSTEM, onlyFrom: 'pending_payment' });
    const first = await db.knex.transaction();
    expect(await confirm(first)).not.toBeNull();
    const second = db.knex.transaction(confirm);
    // The second really is waiting on the first (not merely later) before the first commits.
    const waiting = async () =>
      Number(
        (
          await db.knex.raw(
            "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          )
        ).rows[0].n,
      ) > 0;
    while (!(await waiting()));
    await first.commit();
    expect(await second).toBeNull();
    expect(await historyOf(id)).toEqual([
      { fromStatus: 'pending_payment', toStatus: 'payment_confirmed', changedBy: null, note: null },
    ]);
  });
});
