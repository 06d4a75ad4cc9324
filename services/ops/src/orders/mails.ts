// The customer's mails of the mastering work: ops writes and queues the mails a status change asks for
// (see OrderMail in @mastering/orders): the first start of the work and the delivery.
import type { Knex } from 'knex';
import { displayName } from '@mastering/contracts';
import { type Order, Setting, transactionId, type OrderFile } from '@mastering/db';
import { scheduleMail, sendMail, type Queue } from '@mastering/jobs';
import type { OrderMove } from '@mastering/orders';
import { masterLoudnessWords } from '../analysis/service';

const HOUR = 3_600_000;

/** What the mails need: the database (settings, loudness, the customer) and the queue. */
export type MailDeps = { knex: Knex; queue: Queue };

/**
 * Queues the mails `move` asks for, reading inside `trx` (the transaction of the move, so a failure to
 * queue undoes the move). They go out only if the move commits (`afterTransaction`; the mail worker
 * waits for it). A mail another service writes (a payment's) is a mistake, never skipped.
 */
export async function queueMoveMails(
  deps: MailDeps,
  trx: Knex.Transaction,
  { order, mails }: OrderMove,
): Promise<void> {
  if (mails.length === 0) return;
  const afterTransaction = await transactionId(trx);
  for (const mail of mails) {
    if (mail === 'mastering-started') await mailStarted(deps, trx, order, afterTransaction);
    else if (mail === 'mastering-complete') await mailDelivery(deps, trx, order, afterTransaction);
    else throw new Error(`ops does not write the ${mail} mail`);
  }
}

/** Days a delivery link works (setting `delivery.downloadDays`, 7 by default). */
export async function downloadDays(knex: Knex): Promise<number> {
  const settings = await Setting.section(knex, 'delivery');
  return settings.downloadDays;
}

/**
 * What each master's measured loudness means on the streaming platforms, in plain words for the
 * delivery mail ('' while no master has been measured: the analysis runs in the background).
 */
export async function loudnessNote(knex: Knex, files: readonly OrderFile[]): Promise<string> {
  const words = await masterLoudnessWords(
    knex,
    files.map((f) => f.id),
  );
  return files
    .filter((f) => words.has(f.id))
    .map((f) => (files.length === 1 ? '' : `${f.originalName}: `) + words.get(f.id)!)
    .join(' ');
}

/** What every order mail says of the order: whom it is for, which order, which tracks. */
async function orderMailParams(trx: Knex.Transaction, order: Order) {
  const files = order.files ?? [];
  const user = order.userId ? await order.$relatedQuery('user', trx) : null;
  return {
    customerName: displayName(user ?? { email: order.customerEmail }),
    customerEmail: order.customerEmail,
    orderId: order.id,
    trackTitle: files.length === 1 ? files[0]!.originalName : `${files.length} tracks`,
  };
}

/** Queues the `mastering-started` mail: an engineer is on it, done by the order's due time (promiseOf). */
async function mailStarted(
  deps: MailDeps,
  trx: Knex.Transaction,
  order: Order,
  afterTransaction: string,
): Promise<void> {
  const dueAt = order.dueAt ? new Date(order.dueAt) : null;
  // ISO: the email service writes dates the South African way in every mail.
  const params = { ...(await orderMailParams(trx, order)), estimatedCompletion: dueAt?.toISOString() ?? '' };
  await sendMail(deps.queue, {
    template: 'mastering-started',
    to: order.customerEmail,
    params,
    orderId: order.id,
    afterTransaction,
  });
}

/**
 * Queues the `mastering-complete` mail now and the `download-expiry-reminder` a day before the link
 * expires. The jobs name the order and the expiry, not a token: the mail worker mints the link when it
 * sends, so no working download link sits in the job table (the reminder waits there for days).
 */
async function mailDelivery(
  deps: MailDeps,
  trx: Knex.Transaction,
  order: Order,
  afterTransaction: string,
): Promise<void> {
  const days = await downloadDays(deps.knex);
  const expiresAt = new Date(Date.now() + days * 24 * HOUR);
  const files = order.files ?? [];
  const params = {
    ...(await orderMailParams(trx, order)),
    // ISO: the email service writes dates the South African way in every mail.
    expiryDate: expiresAt.toISOString(),
    fileNames: files.map((f) => f.originalName),
    loudnessNote: await loudnessNote(deps.knex, files),
    retentionDays: (await Setting.section(deps.knex, 'security')).audioRetentionDays,
  };
  const downloadLink = { orderId: order.id, expiresAt };
  await sendMail(deps.queue, {
    template: 'mastering-complete',
    to: order.customerEmail,
    params,
    orderId: order.id,
    downloadLink,
    afterTransaction,
  });
  const remindAt = new Date(expiresAt.getTime() - 24 * HOUR);
  if (remindAt.getTime() > Date.now())
    await scheduleMail(deps.queue, remindAt, {
      template: 'download-expiry-reminder',
      to: order.customerEmail,
      params,
      orderId: order.id,
      downloadLink,
      afterTransaction,
    });
}
