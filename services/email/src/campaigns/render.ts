import { randomBytes } from 'node:crypto';
import escapeHtml from 'escape-html';
import { renderSource, type RenderedMail } from '../mail/templates';
import { personalise, unsubscribeHeaders, type LinkSigner } from '../tracking/links';

/** One recipient's campaign mail, ready for the mailer (everything but the addresses). */
export type CampaignMail = { subject: string; html: string; text: string; headers: Record<string, string> };

type Source = { subject: string; html: string; text?: string | null };
type Recipient = { id: string; email: string };

/**
 * The reference rendering of one recipient's mail: the template rendered with the recipient's
 * unsubscribe link, then made trackable. The fast path below must give exactly this; it is also the
 * fallback when a link could not be substituted safely.
 */
export async function renderCampaignMail(
  source: Source,
  view: Record<string, unknown>,
  links: LinkSigner,
  recipient: Recipient,
): Promise<CampaignMail> {
  const unsubscribeUrl = links.unsubscribeUrl(recipient.email);
  const rendered = await renderSource(source, { ...view, unsubscribeUrl });
  const body = personalise(rendered, {
    unsubscribeUrl,
    openUrl: links.openUrl(recipient.id),
    click: (url) => links.clickUrl(recipient.id, url),
  });
  return { subject: rendered.subject, ...body, headers: unsubscribeHeaders(unsubscribeUrl) };
}

/** A piece of a prepared mail: literal text, or a place where a recipient's own link goes. */
type Slot = string | { kind: 'unsubscribe' } | { kind: 'open' } | { kind: 'click'; target: string };
type Plan = { placeholder: string; subject: Slot[]; html: Slot[]; text: Slot[] };

const UNSUBSCRIBE: Slot = { kind: 'unsubscribe' };
const OPEN: Slot = { kind: 'open' };
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Lower-case letters only: nothing in them is escaped, wrapped or taken for a link boundary. */
const randomLetters = (length: number) =>
  Array.from(randomBytes(length), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
const TOKEN_LENGTH = 16;

/**
 * Renders a campaign's template once and personalises it per recipient by filling in the links, instead
 * of running MJML, mustache, html-to-text and the link rewriting for every one of thousands of mails.
 *
 * The template is rendered with a stand-in unsubscribe URL of the same length and prefix as the real
 * ones (so every escape, link test and line wrap comes out the same), tracked links and the open pixel
 * become markers, and the result is cut at those places. A recipient's mail is the pieces joined with
 * their signed links. One rendering per distinct URL length (a handful per campaign) is kept. A URL
 * that HTML escaping would change (a site address with `&` in it) takes the reference path instead.
 */
export function createCampaignRenderer(source: Source, view: Record<string, unknown>, links: LinkSigner) {
  const token = randomLetters(TOKEN_LENGTH);
  const plans = new Map<string, Promise<Plan>>();

  const prepare = async (prefix: string, length: number): Promise<Plan> => {
    const placeholder = `${prefix}${token}${'x'.repeat(length - prefix.length - token.length)}`;
    const targets: string[] = [];
    const rendered: RenderedMail = await renderSource(source, { ...view, unsubscribeUrl: placeholder });
    const body = personalise(rendered, {
      unsubscribeUrl: placeholder,
      openUrl: `${token}O`,
      click: (url) => `${token}C${targets.push(url) - 1}Z`,
    });
    const marker = new RegExp(`${escapeRegExp(placeholder)}|${token}O|${token}C(\\d+)Z`, 'g');
    const cut = (text: string): Slot[] => {
      const slots: Slot[] = [];
      let last = 0;
      for (const match of text.matchAll(marker)) {
        slots.push(text.slice(last, match.index));
        if (match[0] === placeholder) slots.push(UNSUBSCRIBE);
        else if (match[1] === undefined) slots.push(OPEN);
        else slots.push({ kind: 'click', target: targets[Number(match[1])]! });
        last = match.index + match[0].length;
      }
      slots.push(text.slice(last));
      return slots;
    };
    return { placeholder, subject: cut(rendered.subject), html: cut(body.html), text: cut(body.text) };
  };

  return {
    /** The mail for `recipient`, exactly as `renderCampaignMail` would make it. */
    async mailFor(recipient: Recipient): Promise<CampaignMail> {
      const unsubscribeUrl = links.unsubscribeUrl(recipient.email);
      const prefix = unsubscribeUrl.slice(0, unsubscribeUrl.lastIndexOf('/') + 1);
      if (escapeHtml(unsubscribeUrl) !== unsubscribeUrl || unsubscribeUrl.length - prefix.length <= TOKEN_LENGTH) {
        return renderCampaignMail(source, view, links, recipient);
      }
      const key = `${unsubscribeUrl.length} ${prefix}`;
      let plan = plans.get(key);
      if (!plan) {
        plan = prepare(prefix, unsubscribeUrl.length);
        plans.set(key, plan);
      }
      const { placeholder, subject, html, text } = await plan;
      const fill = (slots: Slot[]) => {
        let out = '';
        for (const slot of slots) {
          if (typeof slot === 'string') out += slot;
          else if (slot.kind === 'unsubscribe') out += unsubscribeUrl;
          else if (slot.kind === 'open') out += links.openUrl(recipient.id);
          // As personalise writes a click link: signed for this recipient, '&' escaped for the attribute.
          else
            out += links
              .clickUrl(recipient.id, slot.target.replaceAll(placeholder, unsubscribeUrl))
              .replaceAll('&', '&amp;');
        }
        return out;
      };
      return {
        subject: fill(subject),
        html: fill(html),
        text: fill(text),
        headers: unsubscribeHeaders(unsubscribeUrl),
      };
    },
  };
}
