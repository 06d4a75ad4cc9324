import type { Knex } from 'knex';
import {
  CampaignRecipient,
  CustomerMessage,
  DeletionRequest,
  EmailMessage,
  Invoice,
  LoginCode,
  Order,
  OrderFile,
  OrderRating,
  PaymentEvent,
  RefundRequest,
  RevisionRequest,
  Unsubscribe,
  Upload,
  User,
} from '@mastering/db';
import { personalDataOf } from '@mastering/orders';
import type { ObjectStorage } from '@mastering/storage';
import { purgeFileAudio } from '../retention/job';
import { neutralInvoiceLines, withoutPersonalFields } from './anonymise';

// POPIA s24 (deletion): a completed request purges the person's audio and replaces every personal
// field with one anonymous marker. Invoices stay (tax law keeps them five years) with the recipient
// anonymised and line texts made neutral; orders, payments, their webhooks (personal fields dropped)
// and history stay as the studio's books, tied to nobody.

/** What a personal field reads once its person is erased (a reserved domain, so it can never be mailed). */
export const ERASED_EMAIL = 'erased@anonymised.invalid';
/** What free text written by the person reads once erased. */
export const ERASED_TEXT = '[deleted]';

export type ErasureDeps = { knex: Knex; storage: ObjectStorage };

/**
 * Erases the person with `email`: deletes the audio of every order file of theirs, then (in one
 * transaction) anonymises their orders, files, invoices, mails and free text, removes their account,
 * codes and marketing rows, and closes their open deletion requests. Answers how many orders it touched.
 */
export async function erasePerson(deps: ErasureDeps, email: string, by: string | null, now = new Date()) {
  const data = await personalDataOf(deps.knex, email);
  await purgeFileAudio(deps, data.files, now);
  const orderIds = data.orders.map((o) => o.id);
  const lower = data.email;
  const ofPerson = (column: string) => [`lower(${column}) = ?`, [lower]] as const;
  await deps.knex.transaction(async (trx) => {
    await Order.query(trx)
      .findByIds(orderIds)
      .patch({ customerEmail: ERASED_EMAIL, notes: null, termsClientAddress: null, guestKeyHash: null, userId: null });
    for (const [i, file] of data.files.entries())
      await OrderFile.query(trx)
        .findById(file.id)
        .patch({ originalName: `track-${i + 1}`, fileName: `track-${i + 1}`, processingNotes: null });
    await Upload.query(trx)
      .whereIn(
        'orderFileId',
        data.files.map((f) => f.id),
      )
      .orWhereIn(
        'masteredFileId',
        data.files.map((f) => f.id),
      )
      .patch({ originalName: null, clientAddress: null, guestKeyHash: null });
    // Tax law keeps invoices five years: amounts, numbers and dates stay, texts that could name the person go.
    for (const invoice of data.invoices)
      await Invoice.query(trx)
        .findById(invoice.id)
        .patch({
          customerEmail: ERASED_EMAIL,
          lines: neutralInvoiceLines(invoice.kind, invoice.lines),
          reason: invoice.reason === null ? null : ERASED_TEXT,
        });
    // Webhooks stay as the payment records: ids, amounts and statuses, without the payer's details.
    for (const event of data.paymentEvents)
      await PaymentEvent.query(trx)
        .findById(event.id)
        .patch({ payload: withoutPersonalFields(event.payload, lower) as Record<string, unknown> });
    await EmailMessage.query(trx)
      .findByIds(data.emailMessages.map((m) => m.id))
      .patch({ toEmail: ERASED_EMAIL, subject: ERASED_TEXT, html: null, text: null, lastError: null });
    await RevisionRequest.query(trx).whereIn('orderId', orderIds).patch({ note: ERASED_TEXT });
    // A rating's stars stay in the satisfaction average; its words and consent go with the person.
    await OrderRating.query(trx).whereIn('orderId', orderIds).patch({ comment: '', publishConsent: false });
    await RefundRequest.query(trx).whereIn('orderId', orderIds).patch({ message: ERASED_TEXT, answer: null });
    await CustomerMessage.query(trx)
      .whereRaw(...ofPerson('customer_email'))
      .delete();
    await CampaignRecipient.query(trx)
      .whereRaw(...ofPerson('email'))
      .patch({ email: ERASED_EMAIL });
    await Unsubscribe.query(trx)
      .whereRaw(...ofPerson('email'))
      .delete();
    await LoginCode.query(trx)
      .whereRaw(...ofPerson('email'))
      .delete();
    // Staff accounts are never erased from here: their removal is Users' business.
    await User.query(trx)
      .whereRaw(...ofPerson('email'))
      .where('role', 'customer')
      .delete();
    await DeletionRequest.query(trx)
      .whereRaw(...ofPerson('email'))
      .whereNull('completedAt')
      .patch({ email: ERASED_EMAIL, completedAt: now, completedBy: by });
  });
  return orderIds.length;
}
