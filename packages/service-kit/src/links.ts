import { createTokenSigner, type TokenSigner } from './signed-tokens';
import type { Secrets } from './keyring';

/**
 * What a download token grants: all masters of a delivered order, one stored file of an audio file, one
 * master version (master_versions id: the order page plays and offers every version), or one reference
 * track of a release (release_references id).
 */
export type DownloadGrant =
  | { order: string }
  | { file: string; kind: 'original' | 'mastered' }
  | { version: string }
  | { reference: string };

/**
 * Signed, expiring download tokens (the `download-link` purpose of the one token signer). Stateless, so
 * every replica can check them; what a token names (an order, a file) is checked again against the
 * database when it is used. Ops serves them; ops and the mail worker mint them.
 */
export type DownloadLinks = TokenSigner<DownloadGrant>;

const grantOf = (claims: Record<string, unknown>): DownloadGrant | null => {
  if (typeof claims.order === 'string') return { order: claims.order };
  if (typeof claims.version === 'string') return { version: claims.version };
  if (typeof claims.reference === 'string') return { reference: claims.reference };
  if (typeof claims.file === 'string' && (claims.kind === 'original' || claims.kind === 'mastered'))
    return { file: claims.file, kind: claims.kind };
  return null;
};

/** The download-token signer of a keyring (or lone secret). */
export function createDownloadLinks(secrets: Secrets): DownloadLinks {
  return createTokenSigner(secrets, 'download-link', grantOf);
}

/** The customer's delivery page for an order: `<site>/download/<token>`, working until `expiresAt`. */
export function deliveryUrl(links: DownloadLinks, publicUrl: string, orderId: string, expiresAt: Date): string {
  return `${publicUrl}/download/${links.sign({ order: orderId }, expiresAt)}`;
}

/**
 * What an order-page token grants: reading one order's page (and asking for its revisions), while the
 * order's links are of generation `v` (`orders.link_version`: staff revoking the links moves it on, and
 * every link minted before stops working; tokens from before generations count as 0).
 */
export type OrderGrant = { order: string; v: number };

/**
 * Signed order-page tokens (the `order-link` purpose of the one token signer): every order mail carries
 * one, so whoever holds the mail can open the order without an account. Long-lived (ORDER_LINK_DAYS), and
 * a new one is minted for every mail, so an old mail's link keeps working and a lost one can be re-sent.
 */
export type OrderLinks = TokenSigner<OrderGrant>;

/** Days an order-page link works: a year, long enough for the revision window and a refund question. */
export const ORDER_LINK_DAYS = 365;

const orderGrantOf = (claims: Record<string, unknown>): OrderGrant | null =>
  typeof claims.order !== 'string'
    ? null
    : { order: claims.order, v: claims.v === undefined ? 0 : Number.isInteger(claims.v) ? (claims.v as number) : -1 };

/** The order-page token signer of a keyring (or lone secret). */
export function createOrderLinks(secrets: Secrets): OrderLinks {
  return createTokenSigner(secrets, 'order-link', orderGrantOf);
}

/**
 * The customer's page of an order, `<site>/orders/<id>?t=<token>`, working for ORDER_LINK_DAYS from `now`
 * while the order's links stay at generation `version`.
 */
export function orderPageUrl(
  links: OrderLinks,
  publicUrl: string,
  orderId: string,
  now: Date = new Date(),
  version = 0,
): string {
  const token = links.sign({ order: orderId, v: version }, new Date(now.getTime() + ORDER_LINK_DAYS * 86_400_000));
  return `${publicUrl}/orders/${orderId}?t=${token}`;
}

/**
 * True when `token` is a live order-page token for exactly `orderId` of the order's current link
 * generation `version` (forged, expired, another order's, or revoked: false).
 */
export function grantsOrder(
  links: OrderLinks,
  token: string,
  orderId: string,
  now: Date = new Date(),
  version = 0,
): boolean {
  const verified = links.verify(token, now);
  return (
    verified !== null && verified !== 'expired' && verified.claims.order === orderId && verified.claims.v === version
  );
}

/** What a payment-resume token grants: starting a new checkout for one unpaid order. */
export type ResumeGrant = { order: string };

/**
 * Signed payment-resume tokens (the `payment-resume` purpose of the one token signer): the payment reminder's
 * link starts a new checkout for its order without the browser that placed it. The storefront checks them; the
 * mail worker mints them when it sends the reminder, so no job row holds one.
 */
export type ResumeLinks = TokenSigner<ResumeGrant>;

/** The payment-resume token signer of a keyring (or lone secret). */
export function createResumeLinks(secrets: Secrets): ResumeLinks {
  return createTokenSigner(secrets, 'payment-resume', (c) => (typeof c.order === 'string' ? { order: c.order } : null));
}

/** `<site>/api/payment/resume/<token>`: opens a fresh checkout for the order, working until `expiresAt`. */
export function resumeUrl(links: ResumeLinks, publicUrl: string, orderId: string, expiresAt: Date): string {
  return `${publicUrl}/api/payment/resume/${links.sign({ order: orderId }, expiresAt)}`;
}
