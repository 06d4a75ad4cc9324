import { createHmac, timingSafeEqual } from 'node:crypto';
import { purposeKey, toKeyring, type Key, type Secrets } from './keyring';
import type { KeyPurpose } from './tokens';

/**
 * THE signer of every link token (downloads, unsubscribe, open and click links):
 * `<base64url JSON><base64url HMAC-SHA256 of it>`, the JSON holding the key id (`kid`), the claims and
 * the expiry (`exp`, seconds). The MAC key is derived per purpose from the keyring's secret, so a
 * token made for one purpose never passes for another. No dot and no other separator: the signature is
 * always the last 43 characters, so a page URL holding a token never looks like a file.
 *
 * Tokens made before key ids existed are still accepted when one of the keyring's keys signed them:
 * the same layout without `kid` (download links) and `<json>.<signature>` without expiry (mail links).
 */
export type TokenSigner<C> = {
  /** A token for `claims` that works until `expiresAt`. */
  sign(claims: C, expiresAt: Date): string;
  /**
   * The claims of a genuine token and when it expires (null: a legacy token without expiry), 'expired'
   * after its time, or null when forged, malformed, signed by an unknown key or not `parse`-able.
   */
  verify(token: string, now?: Date): { claims: C; expiresAt: Date | null } | 'expired' | null;
};

/** Characters of a base64url HMAC-SHA256 (32 bytes, unpadded). */
const SIGNATURE_LENGTH = 43;
/** Longer tokens are refused unread (no route takes more than 2,000 characters anyway). */
const MAX_TOKEN_LENGTH = 4096;

type Body = Record<string, unknown> & { kid?: unknown; exp?: unknown };

function readBody(encoded: string): Body | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : null;
  } catch {
    return null;
  }
}

/**
 * A signer for `purpose` over `secrets` (the current key signs; every key of the ring verifies).
 * `parse` turns a verified token's claims into `C`, or null when they are not what this purpose carries.
 */
export function createTokenSigner<C extends Record<string, unknown>>(
  secrets: Secrets,
  purpose: KeyPurpose,
  parse: (claims: Record<string, unknown>) => C | null,
): TokenSigner<C> {
  const keyring = toKeyring(secrets);
  const mac = (key: Key, body: string) => createHmac('sha256', purposeKey(key, purpose)).update(body).digest();
  const macMatches = (key: Key, body: string, signature: string) => {
    const given = Buffer.from(signature, 'base64url');
    const expected = mac(key, body);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  // Which key made a token: the one its kid names, or (legacy, no kid) any key whose MAC matches.
  const signedBy = (kid: unknown, body: string, signature: string): boolean => {
    if (kid !== undefined) {
      const key = typeof kid === 'string' ? keyring.keys.get(kid) : undefined;
      return key !== undefined && macMatches(key, body, signature);
    }
    return [...keyring.keys.values()].some((key) => macMatches(key, body, signature));
  };

  return {
    sign(claims, expiresAt) {
      const body = Buffer.from(
        JSON.stringify({ kid: keyring.current.id, ...claims, exp: Math.floor(expiresAt.getTime() / 1000) }),
      ).toString('base64url');
      return `${body}${mac(keyring.current, body).toString('base64url')}`;
    },
    verify(token, now = new Date()) {
      if (token.length > MAX_TOKEN_LENGTH) return null;
      const legacyDotted = token.includes('.');
      const [encoded, signature, extra] = legacyDotted
        ? token.split('.')
        : [token.slice(0, -SIGNATURE_LENGTH), token.slice(-SIGNATURE_LENGTH)];
      if (!encoded || !signature || extra !== undefined) return null;
      const body = readBody(encoded);
      if (!body) return null;
      // A dotted token is from before key ids: one claiming a kid is forged.
      if (legacyDotted && body.kid !== undefined) return null;
      if (!signedBy(body.kid, encoded, signature)) return null;
      const { kid: _kid, exp, ...claims } = body;
      // Every token expires but the dotted legacy mail links, which never carried an expiry.
      if (exp === undefined ? !legacyDotted : typeof exp !== 'number') return null;
      if (typeof exp === 'number' && exp * 1000 <= now.getTime()) return 'expired';
      const parsed = parse(claims);
      return parsed ? { claims: parsed, expiresAt: typeof exp === 'number' ? new Date(exp * 1000) : null } : null;
    },
  };
}
