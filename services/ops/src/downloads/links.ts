import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '@mastering/service-kit';

/**
 * Signed, expiring download tokens: `<base64url JSON><base64url HMAC-SHA256>` (the signature is the
 * last 43 characters; no dot, so a page URL holding a token never looks like a file), keyed by the
 * `download-link` key derived from the identity secret. Stateless, so every replica can check them;
 * what a token names (an order, a file) is checked again against the database when it is used.
 */
export type LinkSigner = {
  sign(payload: LinkPayload, expiresAt: Date): string;
  /** The payload of a genuine token, 'expired' after its time, or null when forged or malformed. */
  verify(token: string, now?: Date): LinkPayload | 'expired' | null;
};

/** What a token grants: all masters of a delivered order, or one stored file of an audio file. */
export type LinkPayload = { order: string } | { file: string; kind: 'original' | 'mastered' };

/** Characters of a base64url HMAC-SHA256 (32 bytes, unpadded). */
const SIGNATURE_LENGTH = 43;

/** The body of a token (its signed JSON), as `verify` reads it. */
export const tokenBody = (token: string) => JSON.parse(Buffer.from(token.slice(0, -SIGNATURE_LENGTH), 'base64url').toString('utf8')) as { exp: number };

/** A signer whose key comes from the service's secret. */
export function createLinkSigner(secret: string): LinkSigner {
  const key = deriveKey(secret, 'download-link');
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    sign(payload, expiresAt) {
      const body = Buffer.from(JSON.stringify({ ...payload, exp: Math.floor(expiresAt.getTime() / 1000) })).toString('base64url');
      return `${body}${mac(body).toString('base64url')}`;
    },
    verify(token, now = new Date()) {
      if (token.length <= SIGNATURE_LENGTH) return null;
      const body = token.slice(0, -SIGNATURE_LENGTH);
      const signature = token.slice(-SIGNATURE_LENGTH);
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed: { exp?: unknown; order?: unknown; file?: unknown; kind?: unknown };
      try {
        parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (typeof parsed.exp !== 'number') return null;
      if (parsed.exp * 1000 <= now.getTime()) return 'expired';
      if (typeof parsed.order === 'string') return { order: parsed.order };
      if (typeof parsed.file === 'string' && (parsed.kind === 'original' || parsed.kind === 'mastered')) return { file: parsed.file, kind: parsed.kind };
      return null;
    },
  };
}
