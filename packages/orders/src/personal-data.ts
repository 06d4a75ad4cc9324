import type { Knex } from 'knex';
import {
  CampaignRecipient,
  CustomerMessage,
  EmailMessage,
  Invoice,
  MasterVersion,
  Order,
  OrderFile,
  OrderStatusHistory,
  Payment,
  PaymentEvent,
  Refund,
  RefundRequest,
  RevisionRequest,
  Unsubscribe,
  User,
  likeContains,
} from '@mastering/db';

// POPIA s23 (access): everything the studio holds about one email address, as rows. One function so
// the customer's download and the staff's deletion see the same set.

/** Every row about the person with `email` (any case), table by table, as stored. */
export async function personalDataOf(knex: Knex, email: string) {
  const lower = email.trim().toLowerCase();
  const byEmail = (column: string) => [`lower(${column}) = ?`, [lower]] as const;
  const orders = await Order.query(knex).modify('forCustomer', lower).orderBy('createdAt');
  const orderIds = orders.map((o) => o.id);
  const [users, files, payments, invoices, history, refunds, refundRequests, revisionRequests] = await Promise.all([
    User.query(knex).whereRaw(...byEmail('users.email')),
    OrderFile.query(knex).whereIn('orderId', orderIds).orderBy('uploadedAt'),
    Payment.query(knex).whereIn('orderId', orderIds),
    Invoice.query(knex)
      .whereIn('orderId', orderIds)
      .orWhereRaw(...byEmail('invoices.customer_email')),
    OrderStatusHistory.query(knex).whereIn('orderId', orderIds).orderBy('createdAt'),
    Refund.query(knex).whereIn('orderId', orderIds),
    RefundRequest.query(knex).whereIn('orderId', orderIds),
    RevisionRequest.query(knex).whereIn('orderId', orderIds),
  ]);
  const [masterVersions, messages, emailMessages, unsubscribes, campaignRecipients, paymentEvents] = await Promise.all([
    MasterVersion.query(knex).whereIn(
      'fileId',
      files.map((f) => f.id),
    ),
    CustomerMessage.query(knex).whereRaw(...byEmail('customer_messages.customer_email')),
    EmailMessage.query(knex)
      .whereRaw(...byEmail('email_messages.to_email'))
      .orWhereIn('orderId', orderIds),
    Unsubscribe.query(knex).whereRaw(...byEmail('unsubscribes.email')),
    CampaignRecipient.query(knex).whereRaw(...byEmail('campaign_recipients.email')),
    // Webhooks as received: those of the person's payments, and any whose payload names them or their order.
    PaymentEvent.query(knex)
      .whereIn(
        'paymentId',
        payments.map((p) => p.id),
      )
      .orWhereRaw("payload->'payload'->'metadata'->>'orderId' = any(?)", [orderIds])
      .orWhereRaw('payload::text ilike ?', [likeContains(lower)])
      .orderBy('receivedAt'),
  ]);
  return {
    email: lower,
    users,
    orders,
    /** The list of files (names, sizes, options); the audio itself is downloaded from the order page. */
    files,
    masterVersions,
    payments,
    paymentEvents,
    invoices,
    refunds,
    refundRequests,
    revisionRequests,
    statusHistory: history,
    messages,
    /** What was agreed at checkout, order by order (the order rows carry it too). */
    consents: orders.map((o) => ({
      orderId: o.id,
      termsAcceptedAt: o.termsAcceptedAt,
      termsTextVersion: o.termsTextVersion,
      marketingConsent: o.marketingConsent,
    })),
    unsubscribes,
    campaignRecipients,
    emailMessages,
  };
}

export type PersonalData = Awaited<ReturnType<typeof personalDataOf>>;
