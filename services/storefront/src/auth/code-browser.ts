import type { Context } from 'koa';
import type { CodePurpose } from '@mastering/db';
import { CODE_TTL_MS } from './service';

// The browser a code was asked from keeps a random nonce in an HttpOnly, SameSite=Strict cookie, sent
// only to that purpose's own routes; the code is compared only when the nonce comes back with it
// (proveCode). So a code is useless to anyone but the browser that asked for it, and a guesser can only
// ever aim at codes it asked for itself, mailed to the owner.

/** Each purpose's nonce cookie: its name and the path its request and verify routes share. */
const COOKIES: Record<CodePurpose, { name: string; path: string }> = {
  login: { name: 'code_browser', path: '/auth' },
  'data-access': { name: 'data_code_browser', path: '/api/your-data' },
};

/** Sets the nonce cookie of `purpose` for the code's life (Secure when the site is HTTPS, as the session cookie). */
export function setCodeBrowserCookie(ctx: Context, purpose: CodePurpose, nonce: string, secure: boolean): void {
  // Behind a TLS-terminating proxy the hop to us is plain HTTP; the site's public scheme decides Secure.
  if (secure) ctx.cookies.secure = true;
  ctx.cookies.set(COOKIES[purpose].name, nonce, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: CODE_TTL_MS,
    path: COOKIES[purpose].path,
  });
}

/** The nonce this browser holds for `purpose` (null: none). */
export function codeBrowserNonce(ctx: Context, purpose: CodePurpose): string | null {
  return ctx.cookies.get(COOKIES[purpose].name) ?? null;
}
