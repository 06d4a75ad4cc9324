import { CONSENT_CONFIRM_DAYS } from '@mastering/contracts';
import { createTokenSigner, type Secrets } from '@mastering/service-kit';

/**
 * What a signed mail link carries: an unsubscribe (address), an open (recipient), a click (recipient +
 * target) or a marketing-consent confirmation (address).
 */
export type LinkClaims =
  | { k: 'u'; e: string }
  | { k: 'o'; r: string }
  | { k: 'c'; r: string; u: string }
  | { k: 'm'; e: string };

/**
 * Days a mail link works (unsubscribe, open, click): as long as the longest delivery link, so a
 * rotated secret is kept for one span (90 days) and then nothing it signed is still valid.
 */
export const MAIL_LINK_DAYS = 90;
const DAY = 86_400_000;

const claimsOf = (c: Record<string, unknown>): LinkClaims | null => {
  if (c.k === 'u' && typeof c.e === 'string') return { k: 'u', e: c.e };
  if (c.k === 'o' && typeof c.r === 'string') return { k: 'o', r: c.r };
  if (c.k === 'c' && typeof c.r === 'string' && typeof c.u === 'string') return { k: 'c', r: c.r, u: c.u };
  if (c.k === 'm' && typeof c.e === 'string') return { k: 'm', e: c.e };
  return null;
};

/**
 * Signs and checks the links in marketing mail (unsubscribe, open pixel, click redirect) with the one
 * token signer under the `email-link` key, so a link cannot be forged or pointed elsewhere (the click
 * target is inside the signature: no open redirect). Links mailed before key ids existed still verify.
 */
export function createLinkSigner(secrets: Secrets, publicUrl: string, now = () => Date.now()) {
  const signer = createTokenSigner(secrets, 'email-link', claimsOf);
  // Whole days: every link of one mail (and of one day's campaign) carries the same expiry.
  const expiry = () => new Date((Math.floor(now() / DAY) + MAIL_LINK_DAYS) * DAY);
  const sign = (claims: LinkClaims) => signer.sign(claims, expiry());
  return {
    /** The claims of a genuine, unexpired token, else null. */
    verify(token: string): LinkClaims | null {
      const verified = signer.verify(token);
      return verified && verified !== 'expired' ? verified.claims : null;
    },
    /**
     * The address a genuine consent-confirmation token stands for, 'expired' after its time, or null
     * (forged, malformed, or a token of another kind): the page tells the last two apart.
     */
    consentOf(token: string): string | 'expired' | null {
      const verified = signer.verify(token, new Date(now()));
      if (verified === 'expired') return 'expired';
      return verified?.claims.k === 'm' ? verified.claims.e : null;
    },
    /** The page (GET) and confirmation (POST) of an address's marketing consent; works CONSENT_CONFIRM_DAYS. */
    consentUrl: (email: string) =>
      `${publicUrl}/e/confirm/${signer.sign({ k: 'm', e: email.toLowerCase() }, new Date(now() + CONSENT_CONFIRM_DAYS * DAY))}`,
    /** The unsubscribe page (GET) and one-click endpoint (POST, RFC 8058) of an address. */
    unsubscribeUrl: (email: string) => `${publicUrl}/e/unsubscribe/${sign({ k: 'u', e: email.toLowerCase() })}`,
    openUrl: (recipientId: string) => `${publicUrl}/e/o/${sign({ k: 'o', r: recipientId })}`,
    clickUrl: (recipientId: string, url: string) => `${publicUrl}/e/c/${sign({ k: 'c', r: recipientId, u: url })}`,
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;

/** The RFC 2369 / RFC 8058 headers that let a mail client unsubscribe in one click. */
export const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * Makes a rendered marketing mail trackable and always unsubscribable: links to http(s) pages go
 * through the signed click redirect, an open pixel is added, and the unsubscribe link is appended when
 * an edited template lost it.
 */
export function personalise(
  mail: { html: string; text: string },
  links: { unsubscribeUrl: string; click?: (url: string) => string; openUrl?: string },
) {
  let html = mail.html;
  let text = mail.text;
  const escapedUnsubscribe = links.unsubscribeUrl.replaceAll('&', '&amp;');
  if (links.click) {
    const click = links.click;
    html = html.replace(/href="(https?:\/\/[^"]+)"/g, (whole, url: string) => {
      const target = url.replaceAll('&amp;', '&');
      return target === links.unsubscribeUrl ? whole : `href="${click(target).replaceAll('&', '&amp;')}"`;
    });
  }
  const pixel = links.openUrl
    ? `<img src="${links.openUrl}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`
    : '';
  const footer = html.includes(escapedUnsubscribe)
    ? ''
    : `<p style="font-size:12px;text-align:center"><a href="${escapedUnsubscribe}">Unsubscribe</a></p>`;
  html = html.includes('</body>') ? html.replace('</body>', `${footer}${pixel}</body>`) : `${html}${footer}${pixel}`;
  if (!text.includes(links.unsubscribeUrl)) text = `${text}\n\nUnsubscribe: ${links.unsubscribeUrl}`;
  return { html, text };
}
