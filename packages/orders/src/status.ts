import type { Knex } from 'knex';
import {
  DomainError,
  canTransition,
  DELIVERY_NEEDS_MASTERS,
  invalidTransition,
  moverMay,
  promiseOf,
  startsRound,
  transitionNotForRole,
  type MailTemplateNames,
  type OrderStatus,
  type PromiseInputs,
  type Role,
} from '@mastering/contracts';
import { Order, OrderStatusHistory, Setting } from '@mastering/db';

/**
 * Who changes an order: a signed-in staff member (the status form, a master upload), the customer (a
 * revision request from the order page: `userId` null when they came by the mailed link, not signed in),
 * or the system (a payment through the checkout, the expiry of an unpaid order, a refund), which the
 * history records as no one, or as the staff member it acts for (`onBehalfOf`: the admin who issued a refund).
 */
export type OrderActor =
  | { role: Role; userId: string }
  | { role: 'customer'; userId: null }
  | { role: 'system'; onBehalfOf?: string };

/** The holder of an order's signed link: its customer, not signed in. */
export const ORDER_LINK_HOLDER: OrderActor = { role: 'customer', userId: null };

/** The system as an actor. */
export const SYSTEM: OrderActor = { role: 'system' };

/** True when `actor` may make the move: ORDER_MOVES names its role (the system for the automatic moves). */
const actorMay = (actor: OrderActor, from: OrderStatus, to: OrderStatus) => moverMay(actor.role, from, to);

/** The order's promise (promiseOf) for `order` as it will be, with revision rounds promised as Settings -> Revisions says. */
export async function promiseFor(knex: Knex, order: PromiseInputs): Promise<{ promisedAt: Date; dueAt: Date } | null> {
  const { revisionHours } = await Setting.section(knex, 'delivery');
  return promiseOf(order, revisionHours);
}

/** The due time kept in `orders.due_at` for `order` as it will be (promiseFor's, null when no promise runs). */
export const dueAtFor = async (knex: Knex, order: PromiseInputs) => (await promiseFor(knex, order))?.dueAt ?? null;

/**
 * A mail a status change sends (a MAIL_TEMPLATES name, checked by the typecheck). The service that made the
 * change writes it, since it holds what the mail needs (links, loudness notes, the admins' address), and queues it.
 */
export type OrderMail = MailTemplateNames<
  'order-confirmation' | 'new-order' | 'mastering-started' | 'mastering-complete'
>;

/**
 * The mails of a move. A payment through the checkout confirms the order to the customer and announces
 * it to the admins (staff confirming a payment received another way send none); the first start of the
 * work and the delivery tell the customer.
 */
function mailsOf(to: OrderStatus, actor: OrderActor, startedBefore: boolean): OrderMail[] {
  if (to === 'payment_confirmed' && actor.role === 'system') return ['order-confirmation', 'new-order'];
  if (to === 'in_progress' && !startedBefore) return ['mastering-started'];
  if (to === 'delivered') return ['mastering-complete'];
  return [];
}

/** What to change: the new status, who asks, and why (kept in the history; blank is none). */
export type StatusChange = {
  to: OrderStatus;
  by: OrderActor;
  note?: string | null;
  /**
   * Move the order only while it is still in this status, else answer null and change nothing: how an
   * automatic move (a payment, an expiry) yields to a change that came first.
   */
  onlyFrom?: OrderStatus;
};

/** A move made: the order as it is now (its files loaded, in name order), where it came from, and the mails to queue. */
export type OrderMove = { order: Order; from: OrderStatus; to: OrderStatus; mails: OrderMail[] };

/**
 * The one way an order's status changes (nothing else writes `orders.status`). Inside `trx` it locks
 * the order, checks the move against the transition table (400 with the contract's message) and the
 * actor (403), and that a delivery has a master for every file (400); writes the status, the round
 * (leaving `delivered` for more work starts one) and the due time (promiseOf), and the history row; and answers the mails the move
 * sends, which the caller queues in the same transaction (so a failure to queue changes nothing).
 * The row lock makes concurrent changes take turns: of two payments confirming one order, the
 * second finds it confirmed (with `onlyFrom: 'pending_payment'`, null).
 */
export async function changeOrderStatus(
  trx: Knex.Transaction,
  orderId: string,
  change: StatusChange & { onlyFrom: OrderStatus },
): Promise<OrderMove | null>;
export async function changeOrderStatus(
  trx: Knex.Transaction,
  orderId: string,
  change: StatusChange,
): Promise<OrderMove>;
export async function changeOrderStatus(
  trx: Knex.Transaction,
  orderId: string,
  { to, by, note, onlyFrom }: StatusChange,
): Promise<OrderMove | null> {
  const order = await Order.query(trx).findById(orderId).forUpdate().withGraphFetched('files(inNameOrder)');
  if (!order) throw new DomainError('not-found', 'Order not found');
  const from = order.status;
  if (onlyFrom !== undefined && from !== onlyFrom) return null;
  if (!canTransition(from, to)) throw new DomainError('invalid', invalidTransition(from, to));
  if (!actorMay(by, from, to)) throw new DomainError('not-allowed', transitionNotForRole(to));
  if (to === 'delivered' && (order.files ?? []).some((f) => !f.masteredFilePath))
    throw new DomainError('invalid', DELIVERY_NEEDS_MASTERS);

  const startedBefore =
    to === 'in_progress' &&
    (await OrderStatusHistory.query(trx).where({ orderId, toStatus: 'in_progress' }).resultSize()) > 0;
  const now = new Date();
  // A new round (the order leaves `delivered` for more work) gets its own promise and its own delay
  // mail: the engineer's expected time and the "delayed" claim of the round before no longer apply.
  const round = startsRound(from, to) ? { roundStartedAt: now, expectedAt: null, delayNotifiedAt: null } : {};
  const paid = to === 'payment_confirmed' && !order.paidAt ? { paidAt: now } : {};
  const next = { ...order, status: to, ...paid, ...round };
  const changes = { status: to, ...paid, ...round, dueAt: await dueAtFor(trx, next) };
  await Order.query(trx).findById(orderId).patch(changes);
  await OrderStatusHistory.query(trx).insert({
    orderId,
    fromStatus: from,
    toStatus: to,
    changedBy: by.role === 'system' ? (by.onBehalfOf ?? null) : by.userId,
    note: note?.trim() || null,
  });
  order.$set(changes);
  return { order, from, to, mails: mailsOf(to, by, startedBefore) };
}
