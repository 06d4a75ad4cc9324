import type { Context } from 'koa';
import { randomBytes } from 'node:crypto';
import type { Identity } from '@mastering/contracts';
import { hashToken, permits } from '@mastering/service-kit';

/** The guest cookie's settings (from config): its name, lifetime, and Secure when the site is HTTPS. */
export type GuestCookieOptions = { cookieName: string; secure: boolean; days: number };

/**
 * The browser behind a request, as far as uploads and orders care: its signed-in user and/or its guest
 * cookie (only the cookie's hash is ever stored), and whether it is staff (who may read any order).
 */
export type Visitor = { userId: string | null; guestKeyHash: string | null; staff: boolean };

/** The visitor of a request, from the signed identity and the guest cookie; nothing is set. */
export function visitorOf(ctx: Context, cookie: GuestCookieOptions): Visitor {
  const identity = ctx.state.identity as Identity | null;
  const guest = ctx.cookies.get(cookie.cookieName);
  return {
    userId: identity?.userId ?? null,
    // A token we minted is 43 characters; anything far longer is not worth hashing.
    guestKeyHash: guest && guest.length <= 100 ? hashToken(guest) : null,
    staff: permits('staff', identity),
  };
}

/**
 * The visitor of a request, giving a browser that is neither signed in nor known a guest cookie
 * (random 256-bit token, httpOnly, SameSite=Lax) so its uploads and order can be told apart from others'.
 */
export function ensureVisitor(ctx: Context, cookie: GuestCookieOptions): Visitor {
  const visitor = visitorOf(ctx, cookie);
  if (visitor.userId || visitor.guestKeyHash) return visitor;
  const token = randomBytes(32).toString('base64url');
  // Behind a TLS-terminating proxy the hop to us is plain HTTP; the site's public scheme decides Secure.
  if (cookie.secure) ctx.cookies.secure = true;
  ctx.cookies.set(cookie.cookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookie.secure,
    maxAge: cookie.days * 86_400_000,
    path: '/',
  });
  return { ...visitor, guestKeyHash: hashToken(token) };
}

/** True when `record` (an upload or an order) belongs to this visitor's user or guest cookie. */
export function owns(visitor: Visitor, record: { userId: string | null; guestKeyHash: string | null }): boolean {
  return (
    (visitor.userId !== null && record.userId === visitor.userId) ||
    (visitor.guestKeyHash !== null && record.guestKeyHash === visitor.guestKeyHash)
  );
}
