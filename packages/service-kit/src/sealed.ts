import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { purposeKey, toKeyring, type Secrets } from './keyring';
import type { KeyPurpose } from './tokens';

/** How a sealed value starts; anything else was stored before sealing existed (plain text). */
const PREFIX = 'sealed.v1.';

/** True when `value` is a sealed value (rather than text stored before sealing existed). */
export const isSealed = (value: string) => value.startsWith(PREFIX);

/**
 * Encrypts `plaintext` for storing: AES-256-GCM under the keyring's current key derived for `purpose`,
 * as `sealed.v1.<kid>.<iv>.<ciphertext>.<tag>`. `context` is authenticated, not stored: the value opens
 * only with the same context (an SMTP password sealed for one host never opens for another).
 */
export function seal(secrets: Secrets, purpose: KeyPurpose, plaintext: string, context = ''): string {
  const { current } = toKeyring(secrets);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', purposeKey(current, purpose), iv, { authTagLength: 16 }).setAAD(
    Buffer.from(context),
  );
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${PREFIX}${[current.id, iv, data, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.')}`;
}

/**
 * The plaintext of a value `seal` made with any key of the keyring (so a rotated secret still opens
 * it), for the same `purpose` and `context`. Throws when the key is unknown or the value was altered.
 */
export function unseal(secrets: Secrets, purpose: KeyPurpose, sealed: string, context = ''): string {
  if (!isSealed(sealed)) throw new Error('not a sealed value');
  const [kid, iv, data, tag, extra] = sealed.slice(PREFIX.length).split('.');
  const key = kid ? toKeyring(secrets).keys.get(kid) : undefined;
  if (!key) throw new Error('sealed with a key this keyring does not hold');
  if (iv === undefined || data === undefined || tag === undefined || extra !== undefined)
    throw new Error('malformed sealed value');
  const decipher = createDecipheriv('aes-256-gcm', purposeKey(key, purpose), Buffer.from(iv, 'base64url'), {
    authTagLength: 16,
  }).setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

// The SMTP password of the Email settings: sealed by ops when an admin saves it, opened by the mail
// worker when it connects. Bound to the host, so a password can never be sent to another relay.
const smtpContext = (host: string) => `smtp:${host.toLowerCase()}`;

/** Seals the SMTP password an admin saved for relay `host`. */
export function sealSmtpPassword(secrets: Secrets, host: string, password: string): string {
  return seal(secrets, 'smtp-password', password, smtpContext(host));
}

/**
 * The stored SMTP password of relay `host` in plain text ('' for none; a value stored before sealing
 * existed is plain already). Throws when it cannot be opened (the key that sealed it was retired).
 */
export function openSmtpPassword(secrets: Secrets, host: string, stored: string): string {
  if (!stored || !isSealed(stored)) return stored;
  return unseal(secrets, 'smtp-password', stored, smtpContext(host));
}
