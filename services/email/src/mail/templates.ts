import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import Mustache from 'mustache';
import type { Knex } from 'knex';
import {
  DEFAULT_GENERAL_SETTINGS,
  DELIVERY_HOURS,
  formatRand,
  isMailTemplateName,
  mailParamsProblem,
  storedTypeOf,
  supportAddressOf,
  type MailParams,
  type MailTemplateName,
} from '@mastering/contracts';
import { EmailTemplate, Setting } from '@mastering/db';
import { Invalid, redactLinks } from '@mastering/service-kit';
import { mailSource } from './system-templates';

export type RenderedMail = { subject: string; html: string; text: string };

/** A template's rendering: `mail` goes out over SMTP; `record` may be stored, its secrets masked. */
export type RenderedTemplate = { mail: RenderedMail; record: RenderedMail };

/** What a secret is replaced with in the stored copy of a message. */
export const SECRET_MASK = '••••••';

/** Params only the recipient may read (never stored: the stored copy masks them). */
const SECRETS: { readonly [N in MailTemplateName]?: readonly (keyof MailParams<N> & string)[] } = {
  // The sign-in link's token signs in as surely as the code.
  'login-code': ['code', 'linkToken'],
  'data-access-code': ['code', 'linkToken'],
  // A download link is a bearer permission: only the customer's copy of the mail holds it.
  'mastering-complete': ['downloadUrl'],
  'download-expiry-reminder': ['downloadUrl'],
  // Whoever holds it can confirm the address's marketing consent.
  'marketing-consent-confirm': ['confirmUrl'],
  // The reminder's link starts a checkout for the order: as much a bearer permission.
  'payment-reminder': ['resumeUrl'],
};

/** Params of any mail that are bearer links (the order page opens the order to whoever holds it): masked like SECRETS. */
const LINK_SECRETS: readonly string[] = ['orderPageUrl'];

/** The mail `name` stands for; a name no code sends (a job row is data) is an error. */
function mailTemplateOf(name: string): MailTemplateName {
  if (!isMailTemplateName(name)) throw new Invalid(`Unknown email template: ${name}`);
  return name;
}

/**
 * Refuses params that do not fit mail `name`'s schema (MAIL_TEMPLATES in the contracts), saying which
 * are missing or wrong: the job fails loudly instead of mailing blanks.
 */
export function assertMailParams<N extends MailTemplateName>(
  name: N,
  params: Record<string, unknown>,
): asserts params is Record<string, unknown> & MailParams<N> {
  const problem = mailParamsProblem(name, params);
  if (problem) throw new Invalid(problem);
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
  // MJML (with its HTML parsers) is loaded at the first mail, not when the service starts: it is the
  // largest part of the email service's start-up (about 0.7 s of 2.7 s).
  const { default: mjml2html } = await import('mjml');
  const { html } = await mjml2html(source, { validationLevel: 'soft', keepComments: false });
  if (compiled.size >= COMPILED_MAX) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, html);
  return html;
}

const asIs = { escape: (value: unknown) => String(value) };
// escape-html leaves '/' and '=' alone (mustache's own escaper does not), so URLs stay readable links.
const htmlEscaped = { escape: (value: unknown) => escapeHtml(String(value)) };
const dateFormat = new Intl.DateTimeFormat('en-ZA', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Africa/Johannesburg',
});

/** What every mail says of the studio: its name and where customers write for help (Settings → General). */
export type Studio = { siteName: string; supportEmail: string };
const DEFAULT_STUDIO: Studio = {
  siteName: DEFAULT_GENERAL_SETTINGS.siteName,
  supportEmail: supportAddressOf(DEFAULT_GENERAL_SETTINGS),
};

/** The studio as Settings → General names it now. */
export async function studioOf(knex: Knex): Promise<Studio> {
  const general = await Setting.section(knex, 'general');
  return { siteName: general.siteName, supportEmail: supportAddressOf(general) };
}

/**
 * The values a template sees: the params as given, plus what the copy needs ready-made (short order
 * id, amount in rand, file names as one line, dates in South African form, the site's address).
 */
export function viewOf(
  data: Record<string, unknown>,
  siteUrl: string,
  studio: Studio = DEFAULT_STUDIO,
): Record<string, unknown> {
  const view: Record<string, unknown> = { siteUrl, deliveryHours: DELIVERY_HOURS, ...studio, ...data };
  if (typeof data.orderId === 'string') view.shortId = data.orderId.slice(0, 8);
  if (typeof data.amount === 'number') view.amount = formatRand(data.amount);
  if (Array.isArray(data.fileNames)) view.fileNames = data.fileNames.join(', ');
  for (const key of ['expiryDate', 'estimatedCompletion', 'answerBy', 'readyBy']) {
    const value = data[key];
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) view[key] = dateFormat.format(new Date(value));
  }
  const trackCount = Number(data.trackCount ?? data.fileCount ?? 1);
  view.tracksLabel =
    typeof data.trackTitle === 'string' && data.trackTitle
      ? data.trackTitle
      : `${trackCount} track${trackCount === 1 ? '' : 's'}`;
  return view;
}

/**
 * Renders a source with a view: `{{variables}}` are HTML-escaped in the HTML part (triple braces are
 * the template author's explicit choice), taken as they are in the subject and text; a template
 * without text gets one made from its HTML.
 */
export async function renderSource(
  source: { subject: string; html: string; text?: string | null },
  view: Record<string, unknown>,
): Promise<RenderedMail> {
  const html = Mustache.render(await compileHtml(source.html), view, {}, htmlEscaped);
  const subject = Mustache.render(source.subject, view, {}, asIs).replace(/\s+/g, ' ').trim();
  const text = source.text
    ? Mustache.render(source.text, view, {}, asIs)
    : (await import('html-to-text')).convert(html, { wordwrap: 100 });
  return { subject, html, text };
}

/** The source mail `name` renders with: the newest active stored template of its type, else the built-in. */
export async function resolveSource(
  knex: Knex | null,
  name: string,
): Promise<{ source: { subject: string; html: string; text: string | null } }> {
  const template = mailTemplateOf(name);
  const type = storedTypeOf(template);
  const stored =
    knex && type
      ? await EmailTemplate.query(knex).modify('active').where('type', type).orderBy('updatedAt', 'desc').first()
      : undefined;
  return {
    source: stored
      ? { subject: stored.subject, html: stored.htmlContent, text: stored.textContent }
      : mailSource(template),
  };
}

/**
 * Renders mail `name` with `data` (the stored version of its type if an admin made one active, else
 * the built-in), with a copy fit for storing in which every secret value is masked. An unknown name or
 * params that do not fit its schema are an error (the job fails loudly); extra data (an unsubscribe
 * link) is passed to the template as it is.
 */
export async function renderTemplate(
  knex: Knex | null,
  name: string,
  data: Record<string, unknown>,
  siteUrl = '',
): Promise<RenderedTemplate> {
  const template = mailTemplateOf(name);
  assertMailParams(template, data);
  const { source } = await resolveSource(knex, template);
  const mail = await renderSource(source, viewOf(data, siteUrl, knex ? await studioOf(knex) : DEFAULT_STUDIO));
  // Masking the rendered text (rather than rendering a second time) catches every place a template
  // puts the value: subject, text and html alike.
  const secrets: readonly string[] = [...(SECRETS[template] ?? []), ...LINK_SECRETS];
  const listed = Array.isArray(data.orders) ? (data.orders as Record<string, unknown>[]) : [];
  const values = [data, ...listed]
    .flatMap((source) => secrets.map((key) => String(source?.[key] ?? '')))
    .filter((value) => value !== '');
  const mask = (text: string) => values.reduce((out, secret) => out.replaceAll(secret, SECRET_MASK), text);
  return { mail, record: storedCopyOf({ subject: mask(mail.subject), html: mask(mail.html), text: mask(mail.text) }) };
}

/**
 * The copy of a rendered mail that may be stored: every token-bearing link left in it redacted (redactLinks,
 * the logs' one redaction), whatever put it there: a template edited to show a link, an unsubscribe footer.
 */
export function storedCopyOf(mail: RenderedMail): RenderedMail {
  return { subject: redactLinks(mail.subject), html: redactLinks(mail.html), text: redactLinks(mail.text) };
}
