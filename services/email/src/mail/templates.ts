import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import mjml2html from 'mjml';
import Mustache from 'mustache';
import { convert as htmlToText } from 'html-to-text';
import type { Knex } from 'knex';
import { DEFAULT_GENERAL_SETTINGS, DELIVERY_HOURS, formatRand, supportAddressOf, TEST_EMAIL_TEMPLATES, TemplateType } from '@mastering/contracts';
import { EmailTemplate, Setting } from '@mastering/db';
import { Invalid } from '@mastering/service-kit';
import { layoutSource, systemSource, type TemplateSource } from './system-templates';

export type RenderedMail = { subject: string; html: string; text: string };

/** A template's rendering: `mail` goes out over SMTP; `record` may be stored, its secrets masked. */
export type RenderedTemplate = { mail: RenderedMail; record: RenderedMail };

/** What a secret is replaced with in the stored copy of a message. */
export const SECRET_MASK = '••••••';

/** A template code can send by name: a stored type that may replace it, its built-in source, its checks. */
type BuiltIn = {
  /** The stored template type an admin may edit to replace the built-in text. */
  type?: TemplateType;
  source: TemplateSource;
  /** Params the mail cannot go out without (the job fails loudly instead of mailing blanks). */
  required?: readonly string[];
  /** Data fields only the recipient may read (never stored, e.g. a login code). */
  secrets?: readonly string[];
  check?: (data: Record<string, unknown>) => void;
};

const system = (type: TemplateType, required: readonly string[] = []): BuiltIn => ({ type, source: systemSource(type), required });

// Template names as code sends them (hyphenated); the eight test-email names of the spec map to the
// stored types that replace them. Any other stored type can be sent by its hyphenated type name.
const NAMED: Record<string, BuiltIn> = {
  'login-code': {
    secrets: ['code'],
    check: (data) => {
      if (!/^\d{6}$/.test(String(data.code ?? ''))) throw new Invalid('login-code needs a 6-digit code');
    },
    source: layoutSource({
      subject: 'Your login code: {{code}}',
      preview: 'Your login code',
      lines: ['Your login code is', '<span style="font-size:28px;font-weight:700;letter-spacing:6px">{{code}}</span>', 'It expires in {{expiresInMinutes}} minutes. If you did not ask for it, ignore this email.'],
    }),
  },
  // Sent by the storefront when a payment confirms an order (orderUrl, fileNames, trackCount) and by
  // the test screen (customerName, trackTitle): the same template serves both.
  'order-confirmation': system('order_confirmation', ['orderId', 'amount']),
  // A download link is a bearer permission: only the customer's copy of the mail holds it.
  'mastering-complete': { ...system('mastering_complete', TEST_EMAIL_TEMPLATES['mastering-complete']), secrets: ['downloadUrl'] },
  'payment-receipt': system('payment_receipt', TEST_EMAIL_TEMPLATES['payment-receipt']),
  'upload-confirmation': system('track_upload_confirmation', TEST_EMAIL_TEMPLATES['upload-confirmation']),
  'payment-failed': system('order_failed_payment_declined', TEST_EMAIL_TEMPLATES['payment-failed']),
  'mastering-started': system('order_in_progress', TEST_EMAIL_TEMPLATES['mastering-started']),
  'new-order': {
    required: ['orderId', 'customerEmail', 'amount'],
    source: layoutSource({
      subject: 'New paid order {{shortId}}: {{tracksLabel}}, {{amount}}',
      preview: 'A new order is waiting for an engineer.',
      lines: ['A new order is paid and waiting for an engineer.', 'Order {{orderId}} from {{customerEmail}}: {{tracksLabel}}{{#fileNames}} ({{fileNames}}){{/fileNames}}', 'Total paid: <strong>{{amount}}</strong>'],
      button: { label: 'Open the orders', url: '{{siteUrl}}/admin/orders' },
    }),
  },
  // The storefront, when a payment arrives for an order that cannot take it (cancelled, expired, already paid).
  'payment-needs-attention': {
    required: ['orderId', 'amount', 'reason'],
    source: layoutSource({
      subject: 'Payment needs attention: order {{shortId}}, {{amount}}',
      preview: '{{reason}}',
      lines: ['A payment of <strong>{{amount}}</strong> arrived for order {{orderId}}{{#customerEmail}} from {{customerEmail}}{{/customerEmail}}.', '{{reason}}'],
      button: { label: 'Open the payments', url: '{{siteUrl}}/admin/payments' },
    }),
  },
  'download-expiry-reminder': {
    required: TEST_EMAIL_TEMPLATES['download-expiry-reminder'],
    secrets: ['downloadUrl'],
    source: layoutSource({
      subject: 'Your download link for {{tracksLabel}} expires soon',
      preview: 'Save your master before {{expiryDate}}.',
      lines: ['Hi{{#customerName}} {{customerName}}{{/customerName}},', 'The download link of <strong>{{tracksLabel}}</strong> (order {{shortId}}) expires on {{expiryDate}}. Download your master before then.'],
      button: { label: 'Download your master', url: '{{downloadUrl}}' },
    }),
  },
  'customer-message': {
    required: ['subject', 'content'],
    source: layoutSource({ subject: '{{subject}}', preview: '{{subject}}', lines: ['Hi{{#customerName}} {{customerName}}{{/customerName}},'], content: true }),
  },
  // The Settings screen's SMTP test button (ops).
  'settings-test-email': {
    required: ['siteName', 'sentAt'],
    source: layoutSource({
      subject: '{{siteName}}: test email',
      preview: 'Mail delivery works',
      lines: ['This is a test email from the {{siteName}} settings screen, sent at {{sentAt}}.', 'If you can read it, mail delivery works.'],
    }),
  },
};
NAMED['admin-new-order'] = { ...NAMED['new-order']!, required: TEST_EMAIL_TEMPLATES['admin-new-order'] };

/** The built-in template `name` stands for, or undefined: a hyphenated name of any stored type also works. */
export function builtInTemplate(name: string): BuiltIn | undefined {
  const named = NAMED[name];
  if (named) return named;
  const type = TemplateType.safeParse(name.replaceAll('-', '_'));
  return type.success ? system(type.data) : undefined;
}

// MJML compiles in milliseconds, but a campaign renders thousands of mails: compile each distinct
// source once (keyed by its hash, so an edited template compiles anew) and keep the last few hundred.
const compiled = new Map<string, string>();
const COMPILED_MAX = 500;

/** The HTML of a template's source: MJML is compiled (once per distinct source), plain HTML is kept. */
export async function compileHtml(source: string): Promise<string> {
  if (!/^\s*<mjml[\s>]/i.test(source)) return source;
  const key = createHash('sha256').update(source).digest('hex');
  const hit = compiled.get(key);
  if (hit !== undefined) return hit;
  const { html } = await mjml2html(source, { validationLevel: 'soft', keepComments: false });
  if (compiled.size >= COMPILED_MAX) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, html);
  return html;
}

const asIs = { escape: (value: unknown) => String(value) };
// escape-html leaves '/' and '=' alone (mustache's own escaper does not), so URLs stay readable links.
const htmlEscaped = { escape: (value: unknown) => escapeHtml(String(value)) };
const dateFormat = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Johannesburg' });

/** What every mail says of the studio: its name and where customers write for help (Settings → General). */
export type Studio = { siteName: string; supportEmail: string };
const DEFAULT_STUDIO: Studio = { siteName: DEFAULT_GENERAL_SETTINGS.siteName, supportEmail: supportAddressOf(DEFAULT_GENERAL_SETTINGS) };

/** The studio as Settings → General names it now. */
export async function studioOf(knex: Knex): Promise<Studio> {
  const general = await Setting.section(knex, 'general');
  return { siteName: general.siteName, supportEmail: supportAddressOf(general) };
}

/**
 * The values a template sees: the params as given, plus what the copy needs ready-made (short order
 * id, amount in rand, file names as one line, dates in South African form, the site's address).
 */
export function viewOf(data: Record<string, unknown>, siteUrl: string, studio: Studio = DEFAULT_STUDIO): Record<string, unknown> {
  const view: Record<string, unknown> = { siteUrl, deliveryHours: DELIVERY_HOURS, ...studio, ...data };
  if (typeof data.orderId === 'string') view.shortId = data.orderId.slice(0, 8);
  if (typeof data.amount === 'number') view.amount = formatRand(data.amount, { decimals: Number.isInteger(data.amount) ? 0 : 2 });
  if (Array.isArray(data.fileNames)) view.fileNames = data.fileNames.join(', ');
  for (const key of ['expiryDate', 'estimatedCompletion']) {
    const value = data[key];
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) view[key] = dateFormat.format(new Date(value));
  }
  const trackCount = Number(data.trackCount ?? data.fileCount ?? 1);
  view.tracksLabel = typeof data.trackTitle === 'string' && data.trackTitle ? data.trackTitle : `${trackCount} track${trackCount === 1 ? '' : 's'}`;
  return view;
}

/**
 * Renders a source with a view: `{{variables}}` are HTML-escaped in the HTML part (triple braces are
 * the template author's explicit choice), taken as they are in the subject and text; a template
 * without text gets one made from its HTML.
 */
export async function renderSource(source: { subject: string; html: string; text?: string | null }, view: Record<string, unknown>): Promise<RenderedMail> {
  const html = Mustache.render(await compileHtml(source.html), view, {}, htmlEscaped);
  const subject = Mustache.render(source.subject, view, {}, asIs).replace(/\s+/g, ' ').trim();
  const text = source.text ? Mustache.render(source.text, view, {}, asIs) : htmlToText(html, { wordwrap: 100 });
  return { subject, html, text };
}

/** The source a name renders with: the newest active stored template of its type, else the built-in. */
export async function resolveSource(knex: Knex | null, name: string): Promise<{ template: BuiltIn; source: { subject: string; html: string; text: string | null } }> {
  const template = builtInTemplate(name);
  if (!template) throw new Invalid(`Unknown email template: ${name}`);
  const stored = knex && template.type
    ? await EmailTemplate.query(knex).modify('active').where('type', template.type).orderBy('updatedAt', 'desc').first()
    : undefined;
  return { template, source: stored ? { subject: stored.subject, html: stored.htmlContent, text: stored.textContent } : template.source };
}

/**
 * Renders template `name` with `data` (the stored version of its type if an admin made one active,
 * else the built-in), with a copy fit for storing in which every secret value is masked. An unknown
 * name or a missing required param is an error (the job fails loudly).
 */
export async function renderTemplate(knex: Knex | null, name: string, data: Record<string, unknown>, siteUrl = ''): Promise<RenderedTemplate> {
  const { template, source } = await resolveSource(knex, name);
  const missing = (template.required ?? []).filter((key) => data[key] === undefined || data[key] === null || String(data[key]).trim() === '');
  if (missing.length) throw new Invalid(`${name} needs ${missing.join(', ')}`);
  template.check?.(data);
  const mail = await renderSource(source, viewOf(data, siteUrl, knex ? await studioOf(knex) : DEFAULT_STUDIO));
  // Masking the rendered text (rather than rendering a second time) catches every place a template
  // puts the value: subject, text and html alike.
  const secrets = (template.secrets ?? []).map((key) => String(data[key] ?? '')).filter((value) => value !== '');
  const mask = (text: string) => secrets.reduce((out, secret) => out.replaceAll(secret, SECRET_MASK), text);
  return { mail, record: { subject: mask(mail.subject), html: mask(mail.html), text: mask(mail.text) } };
}
