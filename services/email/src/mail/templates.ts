import escapeHtml from 'escape-html';
import { Invalid } from '@mastering/service-kit';

export type RenderedMail = { subject: string; html: string; text: string };

/** A template's rendering: `mail` goes out over SMTP; `record` may be stored, its secrets masked. */
export type RenderedTemplate = { mail: RenderedMail; record: RenderedMail };

type BuiltIn = {
  render: (data: Record<string, unknown>) => RenderedMail;
  /** Data fields only the recipient may read (never stored, e.g. a login code). */
  secrets?: readonly string[];
};

/** What a secret is replaced with in the stored copy of a message. */
export const SECRET_MASK = '••••••';

// Transactional templates built into the code. Editable templates in email_templates come with the
// email issue; these only interpolate values the system itself produced (never user HTML).
const BUILT_IN: Record<string, BuiltIn> = {
  'login-code': {
    secrets: ['code'],
    render: (data) => {
      const code = String(data.code ?? '');
      if (!/^\d{6}$/.test(code)) throw new Invalid('login-code needs a 6-digit code');
      const minutes = Number(data.expiresInMinutes ?? 10);
      return {
        subject: `Your login code: ${code}`,
        text: `Your login code is ${code}. It expires in ${minutes} minutes. If you did not ask for it, ignore this email.`,
        html: `<p>Your login code is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>It expires in ${minutes} minutes. If you did not ask for it, ignore this email.</p>`,
      };
    },
  },
  // Order mails carry what the customer typed (file names, address): escaped in the HTML part.
  'order-confirmation': {
    render: (data) => {
      const order = orderFields(data);
      return {
        subject: `Order confirmed: ${order.trackCount} track${order.trackCount === 1 ? '' : 's'} (${order.shortId})`,
        text: `Thank you! Your payment of ${order.amount} is confirmed.\nOrder ${order.orderId}: ${order.fileNames}.\nOur engineers start mastering now; your masters arrive by email within ${order.deliveryHours} hours.\nTrack your order: ${order.orderUrl}`,
        html: `<p>Thank you! Your payment of <strong>${escapeHtml(order.amount)}</strong> is confirmed.</p><p>Order ${escapeHtml(order.orderId)}: ${escapeHtml(order.fileNames)}</p><p>Our engineers start mastering now; your masters arrive by email within ${order.deliveryHours} hours.</p><p><a href="${escapeHtml(order.orderUrl)}">Your order</a></p>`,
      };
    },
  },
  'new-order': {
    render: (data) => {
      const order = orderFields(data);
      return {
        subject: `New paid order ${order.shortId}: ${order.trackCount} track${order.trackCount === 1 ? '' : 's'}, ${order.amount}`,
        text: `A new order is paid and waiting for an engineer.\nOrder ${order.orderId} from ${order.customerEmail}: ${order.fileNames}.\nTotal paid: ${order.amount}.`,
        html: `<p>A new order is paid and waiting for an engineer.</p><p>Order ${escapeHtml(order.orderId)} from ${escapeHtml(order.customerEmail)}: ${escapeHtml(order.fileNames)}</p><p>Total paid: <strong>${escapeHtml(order.amount)}</strong></p>`,
      };
    },
  },
  // Fulfilment (issue 17): the delivery mail and its reminder, until the email issue's stored templates land.
  'mastering-complete': { render: (data) => deliveryMail(data, 'ready') },
  'download-expiry-reminder': { render: (data) => deliveryMail(data, 'reminder') },
};

/** The delivery mail (`ready`) and the reminder a day before its link expires: greeting, tracks, link, expiry. */
function deliveryMail(data: Record<string, unknown>, kind: 'ready' | 'reminder'): RenderedMail {
  const text = (key: string) => {
    const value = data[key];
    if (typeof value !== 'string' || value === '') throw new Invalid(`delivery mail needs ${key}`);
    return value;
  };
  const name = text('customerName');
  const track = text('trackTitle');
  const url = text('downloadUrl');
  const expiry = text('expiryDate');
  const files = Array.isArray(data.fileNames) ? data.fileNames.map(String).join(', ') : track;
  const lead = kind === 'ready' ? `Your masters are ready: ${files}.` : `A reminder: your download link for ${files} expires on ${expiry}.`;
  return {
    subject: kind === 'ready' ? `Your master is ready: ${track}` : `Your download link expires soon: ${track}`,
    text: `Hi ${name},\n${lead}\nDownload them here: ${url}\nThe link works until ${expiry}.`,
    html: `<p>Hi ${escapeHtml(name)},</p><p>${escapeHtml(lead)}</p><p><a href="${escapeHtml(url)}">Download your masters</a></p><p>The link works until ${escapeHtml(expiry)}.</p>`,
  };
}

/** The fields both order mails use, checked: the job fails loudly rather than mail a blank order. */
function orderFields(data: Record<string, unknown>) {
  const text = (key: string) => {
    const value = data[key];
    if (typeof value !== 'string' || value === '') throw new Invalid(`order mail needs ${key}`);
    return value;
  };
  const orderId = text('orderId');
  return {
    orderId,
    shortId: orderId.slice(0, 8),
    customerEmail: text('customerEmail'),
    amount: text('amount'),
    fileNames: text('fileNames'),
    orderUrl: text('orderUrl'),
    trackCount: Number(data.trackCount ?? 1),
    deliveryHours: Number(data.deliveryHours ?? 48),
  };
}

/**
 * Renders a built-in template by name, with a copy fit for storing in which every secret value of
 * `data` is masked. Unknown names are an error (the job fails loudly).
 */
export function renderTemplate(name: string, data: Record<string, unknown>): RenderedTemplate {
  const template = BUILT_IN[name];
  if (!template) throw new Invalid(`Unknown email template: ${name}`);
  const mail = template.render(data);
  // Masking the rendered text (rather than rendering a second time) catches every place a template
  // puts the value: subject, text and html alike.
  const secrets = (template.secrets ?? []).map((key) => String(data[key] ?? '')).filter((value) => value !== '');
  const mask = (text: string) => secrets.reduce((out, secret) => out.replaceAll(secret, SECRET_MASK), text);
  return { mail, record: { subject: mask(mail.subject), html: mask(mail.html), text: mask(mail.text) } };
}
