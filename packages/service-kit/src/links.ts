import { createTokenSigner, type TokenSigner } from './signed-tokens';
import type { Secrets } from './keyring';

/** What a download token grants: all masters of a delivered order, or one stored file of an audio file. */
export type DownloadGrant = { order: string } | { file: string; kind: 'original' | 'mastered' };

/**
 * Signed, expiring download tokens (the `download-link` purpose of the one token signer). Stateless, so
 * every replica can check them; what a token names (an order, a file) is checked again against the
 * database when it is used. Ops serves them; ops and the mail worker mint them.
 */
export type DownloadLinks = TokenSigner<DownloadGrant>;

const grantOf = (claims: Record<string, unknown>): DownloadGrant | null => {
  if (typeof claims.order === 'string') return { order: claims.order };
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
