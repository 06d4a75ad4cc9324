import { createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new opaque session token (256 random bits, URL-safe); only its hash is ever stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a token or code, the form kept in the database. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * What a key derived from the one configured secret is for. Each use gets its own key, so a value
 * made for one purpose (a login-code hash) can never stand in for another (an identity signature).
 */
export type KeyPurpose =
  | 'identity-token'
  | 'login-code-hash'
  | 'email-link'
  | 'download-link'
  | 'payment-resume'
  | 'order-link'
  | 'data-access'
  | 'key-id'
  | 'smtp-password';

/** A 256-bit key for `purpose`, derived from `secret` with HKDF-SHA256 (same inputs, same key). */
export function deriveKey(secret: string, purpose: KeyPurpose): Buffer {
  // The purpose goes into HKDF's `info`; the salt is fixed, as the secret itself is the entropy.
  return Buffer.from(hkdfSync('sha256', secret, 'mastering-platform', `mastering/${purpose}/v1`, 32));
}
