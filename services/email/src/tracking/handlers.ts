import type { Knex } from 'knex';
import escapeHtml from 'escape-html';
import { CONSENT_TEXTS } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import type { LinkSigner } from './links';
import { confirmConsent, recordClick, recordOpen, unsubscribe } from './service';

type TokenParams = { token: string };

// A transparent 1x1 GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function page(ctx: RouteContext, status: number, title: string, body: string) {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f3f4f6;color:#111827;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#fff;padding:2rem;border-radius:8px;max-width:28rem;margin:1rem}button{background:#4338ca;color:#fff;border:0;border-radius:6px;padding:.6rem 1.2rem;font-size:1rem;cursor:pointer}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * GET /e/unsubscribe/:token — public; asks to confirm (a link scanner's GET must not unsubscribe
 * anyone); the button posts to the same address as the one-click POST.
 */
export const unsubscribePage = (links: LinkSigner) => async (ctx: RouteContext<unknown, unknown, TokenParams>) => {
  const claims = links.verify(ctx.state.params.token);
  if (claims?.k !== 'u') return page(ctx, 404, 'Link not valid', '<p>This unsubscribe link is not valid.</p>');
  page(
    ctx,
    200,
    'Unsubscribe',
    `<p>Stop marketing emails to <strong>${escapeHtml(claims.e)}</strong>? You will still get emails about your orders.</p><form method="post"><button type="submit" data-testid="unsubscribe-confirm">Unsubscribe</button></form>`,
  );
};

/** POST /e/unsubscribe/:token — public; RFC 8058 one-click (and the page's button): the address gets no more marketing. */
export const unsubscribeNow =
  (knex: Knex, links: LinkSigner) => async (ctx: RouteContext<unknown, unknown, TokenParams>) => {
    const claims = links.verify(ctx.state.params.token);
    if (claims?.k !== 'u') return page(ctx, 404, 'Link not valid', '<p>This unsubscribe link is not valid.</p>');
    await unsubscribe(knex, claims.e, 'link');
    page(
      ctx,
      200,
      'You are unsubscribed',
      `<p><strong>${escapeHtml(claims.e)}</strong> will get no more marketing emails.</p>`,
    );
  };

/**
 * The address of a consent link, or false after answering the page that says why it does not count
 * (404 forged or malformed, 410 expired): nothing is changed.
 */
function consentAddress(ctx: RouteContext<unknown, unknown, TokenParams>, links: LinkSigner): string | false {
  const email = links.consentOf(ctx.state.params.token);
  if (email === 'expired') page(ctx, 410, CONSENT_TEXTS.expiredTitle, `<p>${CONSENT_TEXTS.expired}</p>`);
  else if (email === null) page(ctx, 404, CONSENT_TEXTS.invalidTitle, `<p>${CONSENT_TEXTS.invalid}</p>`);
  return email !== null && email !== 'expired' && email;
}

/**
 * GET /e/confirm/:token — public; asks the address to confirm its marketing consent (a link scanner's
 * GET must confirm nothing); the button posts to the same address.
 */
export const consentPage = (links: LinkSigner) => async (ctx: RouteContext<unknown, unknown, TokenParams>) => {
  const email = consentAddress(ctx, links);
  if (email === false) return;
  page(
    ctx,
    200,
    CONSENT_TEXTS.askTitle,
    `<p>${escapeHtml(CONSENT_TEXTS.ask(email))}</p><form method="post"><button type="submit" data-testid="consent-confirm">${CONSENT_TEXTS.button}</button></form>`,
  );
};

/** POST /e/confirm/:token — public; the page's button: the address's marketing consent is confirmed (double opt-in). */
export const consentConfirm =
  (knex: Knex, links: LinkSigner) => async (ctx: RouteContext<unknown, unknown, TokenParams>) => {
    const email = consentAddress(ctx, links);
    if (email === false) return;
    await confirmConsent(knex, email);
    page(ctx, 200, CONSENT_TEXTS.doneTitle, `<p>${escapeHtml(CONSENT_TEXTS.done(email))}</p>`);
  };

/** GET /e/o/:token — public; the open pixel: records the first open, always answers the image. */
export const openPixel =
  (knex: Knex, links: LinkSigner) => async (ctx: RouteContext<unknown, unknown, TokenParams>) => {
    const claims = links.verify(ctx.state.params.token);
    if (claims?.k === 'o') await recordOpen(knex, claims.r);
    ctx.type = 'image/gif';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = PIXEL;
  };

/** GET /e/c/:token — public; records the click and redirects to the signed target (nothing unsigned: no open redirect). */
export const clickRedirect =
  (knex: Knex, links: LinkSigner) => async (ctx: RouteContext<unknown, unknown, TokenParams>) => {
    const claims = links.verify(ctx.state.params.token);
    if (claims?.k !== 'c' || !/^https?:\/\//i.test(claims.u))
      return page(ctx, 404, 'Link not valid', '<p>This link is not valid.</p>');
    await recordClick(knex, claims.r);
    ctx.set('Cache-Control', 'no-store');
    ctx.redirect(claims.u);
  };
