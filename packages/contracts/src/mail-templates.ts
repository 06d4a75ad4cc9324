import { z } from 'zod';
import { LOGIN_CODE_LENGTH } from './constants';
import { CampaignMailParams, CustomerMessageParams } from './email';
import type { TemplateType } from './enum-schemas';

// Every mail a service can send, by the name code sends it as (hyphenated), with the params its
// template needs. `sendMail` (packages/jobs) is typed by this map, and the email service's worker checks
// a job's params against the same schema before it renders anything.
//
// Why two spellings stay: a mail's name (`upload-confirmation`) and the type of the stored template an
// admin may edit to replace its text (`track_upload_confirmation`) are fixed by the specs' APIs (the
// test-email body and the templates screen) and are stored in rows (email_messages.template,
// email_templates.type). They are not one name spelled twice: three mails map to differently named
// types, six mails have no stored type, and most stored types are sent by no code. So each entry says
// which stored type replaces it (`stored`), here and nowhere else.

// Required params must be there and not blank (a blank would leave a hole in the mail); optional
// ones only need the right type.
/** A text a mail cannot go out without: present and not blank. */
const filled = z.string().regex(/\S/);
/** Rand as a number (the email service formats it), or already formatted (`R649`). */
const amount = z.union([z.number().nonnegative(), filled]);
/** File names: a list, or already joined into one line. */
const fileNames = z.union([z.array(z.string()), z.string()]);
/** An ISO 8601 time: the email service writes it the South African way. */
const isoTime = z.iso.datetime();

/**
 * The order page's signed link, minted by the mail worker for every mail whose job names its order
 * (sendMail's `orderId`): senders never pass it, templates show "View your order" when it is there.
 */
const orderPageUrl = z.string().optional();

/** Who an order mail is for and which order (every order mail ops sends carries these). */
const OrderMail = z.object({
  customerEmail: filled,
  customerName: filled,
  orderId: filled,
  trackTitle: filled,
  orderPageUrl,
});

/** What the storefront knows of a paid order when it confirms it (the order mails' optional details). */
const PaidOrderDetails = {
  trackCount: z.number().int().nonnegative().optional(),
  fileNames: fileNames.optional(),
  deliveryHours: z.number().positive().optional(),
  orderPageUrl,
};

/** The new-order mail to the admins: the test screen requires the track title, the storefront sends the count. */
const NewOrderParams = z.object({
  orderId: filled,
  customerEmail: filled,
  amount,
  trackTitle: z.string().optional(),
  ...PaidOrderDetails,
});

/** What a delivery mail says beyond the order: when the link expires, the files, the loudness note. */
const DeliveryDetails = {
  expiryDate: isoTime.optional(),
  fileNames: fileNames.optional(),
  loudnessNote: z.string().optional(),
  /** How many days after delivery the studio deletes the audio (Settings -> Security retention). */
  retentionDays: z.number().int().positive().optional(),
};

/**
 * A mailed one-time code and how long it works, and the token of the mail's one-time sign-in link
 * (SIGN_IN_LINK_PATHS; a job queued before links existed has none, and its mail shows no button).
 */
const CodeMailParams = z.object({
  code: z.string().regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`)),
  expiresInMinutes: z.number().positive().optional(),
  linkToken: z
    .string()
    .regex(/^[\w-]{43}$/)
    .optional(),
});

type MailTemplate = {
  /** The template's `{{variables}}`; extra ones are a type error at `sendMail` and ignored at send time. */
  params: z.ZodObject;
  /** The stored template type an admin may edit to replace the built-in text. */
  stored?: TemplateType;
};

/** Every mail template code sends, by name: its params and the stored type that may replace its text. */
export const MAIL_TEMPLATES = {
  'login-code': { params: CodeMailParams },
  // The Your data page's code (POPIA access and deletion): proves the address, opens no account.
  'data-access-code': { params: CodeMailParams },
  // Sent by the storefront when a payment confirms an order, and by the test screen (customerName,
  // trackTitle): the same template serves both.
  'order-confirmation': {
    params: z.object({
      orderId: filled,
      amount,
      customerEmail: z.string().optional(),
      customerName: z.string().optional(),
      trackTitle: z.string().optional(),
      ...PaidOrderDetails,
      /** The files the analysis found unusable, and how to replace them. */
      replaceNote: z.string().optional(),
    }),
    stored: 'order_confirmation',
  },
  'new-order': { params: NewOrderParams },
  // The test screen's name for the new-order mail: the same text, every field required.
  'admin-new-order': { params: NewOrderParams.extend({ trackTitle: filled }) },
  // The storefront, when a payment arrives for an order that cannot take it (cancelled, expired, already paid).
  'payment-needs-attention': {
    params: z.object({ orderId: filled, amount, reason: filled, customerEmail: z.string().optional() }),
  },
  'mastering-started': { params: OrderMail.extend({ estimatedCompletion: isoTime }), stored: 'order_in_progress' },
  // The download link is minted by the mail worker when the job asks for one (see sendMail's downloadLink).
  'mastering-complete': {
    params: OrderMail.extend({ downloadUrl: filled, ...DeliveryDetails }),
    stored: 'mastering_complete',
  },
  'download-expiry-reminder': {
    params: OrderMail.extend({ downloadUrl: filled, ...DeliveryDetails, expiryDate: isoTime }),
  },
  'payment-receipt': {
    params: OrderMail.extend({ amount, paymentMethod: filled, transactionId: filled }),
    stored: 'payment_receipt',
  },
  'upload-confirmation': {
    params: OrderMail.omit({ trackTitle: true }).extend({
      fileCount: z.number().int().nonnegative(),
      fileNames: z.union([z.array(z.string()).min(1), filled]),
    }),
    stored: 'track_upload_confirmation',
  },
  'payment-failed': { params: OrderMail.extend({ amount, reason: filled }), stored: 'order_failed_payment_declined' },
  'customer-message': { params: CustomerMessageParams },
  // Issue 25: a refund Yoco finished (the storefront, on its webhook); `remaining` is what stays paid.
  // Issue 50: its credit note (`creditNoteNumber`) is attached as a PDF.
  'refund-processed': {
    params: z.object({
      orderId: filled,
      customerEmail: filled,
      amount,
      customerName: z.string().optional(),
      remaining: amount.optional(),
      creditNoteNumber: z.string().optional(),
      orderPageUrl,
    }),
    stored: 'refund_processed',
  },
  // Staff answered the customer's "Not happy?" request (the storefront): approved (a refund follows,
  // confirmed by "Refund processed") or declined, with what staff wrote.
  'refund-request-answered': {
    params: z.object({
      orderId: filled,
      customerEmail: filled,
      approved: z.boolean(),
      answer: filled,
      orderPageUrl,
    }),
  },
  // Issue 50: a customer filed "Not happy?" (the storefront): to every active admin, once, with the time the
  // answer is due (one working day later) and the request's own words.
  'refund-request-filed': {
    params: z.object({ orderId: filled, customerEmail: filled, message: filled, answerBy: isoTime }),
  },
  // Issue 50: the customer's own acknowledgement of "Not happy?": what they wrote and by when they hear back.
  'refund-request-received': {
    params: z.object({ orderId: filled, customerEmail: filled, message: filled, answerBy: isoTime, orderPageUrl }),
  },
  // Issue 50: the customer's own acknowledgement of a revision request: the track, the round and their note.
  'revision-request-received': {
    params: z.object({
      orderId: filled,
      customerEmail: filled,
      fileName: filled,
      round: z.number().int().positive(),
      note: filled,
      at: z.string().optional(),
      /** When the revised master is due, when the sender knows the round's promise. */
      readyBy: isoTime.optional(),
      orderPageUrl,
    }),
  },
  // A customer asked for a revision from the order page: to the admins and the order's engineer, once per request.
  'revision-requested': {
    params: z.object({
      orderId: filled,
      customerEmail: filled,
      fileName: filled,
      round: z.number().int().positive(),
      note: filled,
      at: z.string().optional(),
    }),
  },
  // Issue 27: a few days after delivery, once, to an order not rated yet (the ops feedback job); its button
  // opens the order page's rating form.
  'feedback-request': {
    params: z.object({ orderId: filled, customerEmail: filled, customerName: z.string().optional(), orderPageUrl }),
    stored: 'feedback_request',
  },
  // A paid order past its due time (the late-orders job, once): the engineer's new time, else within 24 hours.
  'order-delayed': {
    params: z.object({
      orderId: filled,
      customerEmail: filled,
      customerName: z.string().optional(),
      estimatedCompletion: isoTime.optional(),
      reason: z.string().optional(),
    }),
    stored: 'order_delayed',
  },
  // Staff revoked the order's links (issue 51 Deliver 8): the customer gets the one link that works now.
  'order-link-renewed': { params: z.object({ orderId: filled, customerEmail: filled }) },
  // The admins' daily list of overdue orders.
  'overdue-digest': {
    params: z.object({
      count: z.number().int().positive(),
      orders: z
        .array(z.object({ orderId: filled, shortId: filled, customerEmail: filled, dueAt: filled, status: filled }))
        .min(1),
    }),
  },
  // An unpaid order an hour old (once): a link that starts a new checkout for the same order.
  'payment-reminder': {
    params: z.object({
      orderId: filled,
      customerEmail: filled,
      amount,
      resumeUrl: filled,
      expiresInHours: z.number().positive(),
    }),
  },
  // Issue 51 finding 5 (POPIA s69 double opt-in): the checkout's marketing box was ticked for this address;
  // marketing counts only once the address confirms through `confirmUrl`, a signed link the mail worker
  // mints for the recipient at send time (senders never pass it).
  'marketing-consent-confirm': {
    params: z.object({ confirmUrl: z.string().optional(), confirmDays: z.number().int().positive() }),
  },
  // Track my order (storefront): the address's orders, each with its order page link, which the mail
  // worker mints into each entry (`orderPageUrl`) from its `orderId`.
  'order-list': {
    params: z.object({
      orders: z
        .array(z.object({ orderId: filled, shortId: filled, status: filled, placedOn: filled, orderPageUrl }))
        .min(1),
    }),
  },
  // The Settings screen's SMTP test button (ops).
  'settings-test-email': { params: z.object({ siteName: filled, sentAt: filled }) },
  // Campaign templates (the campaign worker renders them) and the custom email.
  newsletter: { params: CampaignMailParams, stored: 'newsletter' },
  promotion: { params: CampaignMailParams, stored: 'promotion' },
  announcement: { params: CampaignMailParams, stored: 'announcement' },
  custom: { params: CampaignMailParams, stored: 'custom' },
} as const satisfies Record<string, MailTemplate>;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
/** Some of MAIL_TEMPLATES' names, for a list of mails written elsewhere: a name that is not one fails the typecheck. */
export type MailTemplateNames<N extends MailTemplateName> = N;
/** The params a sender gives template `N`. */
export type MailParams<N extends MailTemplateName> = z.input<(typeof MAIL_TEMPLATES)[N]['params']>;

/** Whether `name` is a mail template code may send. */
export const isMailTemplateName = (name: string): name is MailTemplateName => Object.hasOwn(MAIL_TEMPLATES, name);

/** The stored template type that replaces mail `name`'s built-in text, if an admin made one active. */
export const storedTypeOf = (name: MailTemplateName): TemplateType | undefined =>
  (MAIL_TEMPLATES[name] as MailTemplate).stored;

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/**
 * What is wrong with `params` for mail `name`, in words (`order-confirmation needs orderId, a valid
 * amount`: a missing or blank param by its name, a wrong one as "a valid" one), or null when they fit
 * its schema. Params not in the schema are ignored.
 */
export function mailParamsProblem(name: MailTemplateName, params: unknown): string | null {
  const result = MAIL_TEMPLATES[name].params.safeParse(params);
  if (result.success) return null;
  const given = (params ?? {}) as Record<string, unknown>;
  const needs = new Set<string>();
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'params');
    needs.add(blank(given[key]) ? key : `a valid ${key}`);
  }
  return `${name} needs ${[...needs].join(', ')}`;
}
