import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '@mastering/service-kit';

/** What a signed mail link carries: an unsubscribe (address), an open (recipient) or a click (recipient + target). */
export type LinkClaims = { k: 'u'; e: string } | { k: 'o'; r: string } | { k: 'c'; r: string; u: string };

/**
 * Signs and checks the links in marketing mail (unsubscribe, open pixel, click redirect) with an
 * HMAC-SHA256 key derived for this purpose only, so a link cannot be forged or pointed elsewhere
 * (the click target is inside the signature: no open redirect).
 */
export function createLinkSigner(secret: string, publicUrl: string) {
  const key = deriveKey(secret, 'email-link');
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  const sign = (claims: LinkClaims) => {
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${body}.${mac(body)}`;
  };
  return {
    /** The claims of a token whose signature is right, else null. */
    verify(token: string): LinkClaims | null {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return null;
      const expected = Buffer.from(mac(body));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkClaims;
      } catch {
        return null;
      }
    },
    /** The unsubscribe page (GET) and one-click endpoint (POST, RFC 8058) of an address. */
    unsubscribeUrl: (email: string) => `${publicUrl}/e/unsubscribe/${sign({ k: 'u', e: email.toLowerCase() })}`,
    openUrl: (recipientId: string) => `${publicUrl}/e/o/${sign({ k: 'o', r: recipientId })}`,
    clickUrl: (recipientId: string, url: string) => `${publicUrl}/e/c/${sign({ k: 'c', r: recipientId, u: url })}`,
  };
}
export type LinkSigner = ReturnType<typeof createLinkSigner>;

/** The RFC 2369 / RFC 8058 headers that let a mail client unsubscribe in one click. */
export const unsubscribeHeaders = (url: string) => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

/**
 * Makes a rendered marketing mail trackable and always unsubscribable: links to http(s) pages go
 * through the signed click redirect, an open pixel is added, and the unsubscribe link is appended when
 * an edited template lost it.
 */
export function personalise(mail: { html: string; text: string }, links: { unsubscribeUrl: string; click?: (url: string) => string; openUrl?: string }) {
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
  const pixel = links.openUrl ? `<img src="${links.openUrl}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />` : '';
  const footer = html.includes(escapedUnsubscribe) ? '' : `<p style="font-size:12px;text-align:center"><a href="${escapedUnsubscribe}">Unsubscribe</a></p>`;
  html = html.includes('</body>') ? html.replace('</body>', `${footer}${pixel}</body>`) : `${html}${footer}${pixel}`;
  if (!text.includes(links.unsubscribeUrl)) text = `${text}\n\nUnsubscribe: ${links.unsubscribeUrl}`;
  return { html, text };
}
