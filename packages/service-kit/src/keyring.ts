import { deriveKey, type KeyPurpose } from './tokens';

/** One secret of the keyring and the id tokens name it by. */
export type Key = { id: string; secret: string };

/**
 * The secrets a process signs and checks with: `current` signs (and seals) everything new; every key,
 * the previous ones included, still verifies (and unseals) what it made, so a secret can be rotated
 * without breaking links already mailed.
 */
export type Keyring = { readonly current: Key; readonly keys: ReadonlyMap<string, Key> };

/** Characters of a key id (48 bits of base64url). */
export const KEY_ID_LENGTH = 8;

/**
 * The id of `secret`: 48 bits derived from it with HKDF. Derived rather than chosen, so replicas agree
 * on it without configuring anything, no two secrets share one by mistake, and it says nothing of the secret.
 */
export function keyIdOf(secret: string): string {
  return deriveKey(secret, 'key-id').subarray(0, 6).toString('base64url');
}

/** A keyring whose `current` secret signs; `previous` ones only verify. Duplicates are dropped. */
export function createKeyring(current: string, previous: readonly string[] = []): Keyring {
  const toKey = (secret: string): Key => ({ id: keyIdOf(secret), secret });
  const first = toKey(current);
  const keys = new Map<string, Key>([[first.id, first]]);
  for (const secret of previous) {
    const key = toKey(secret);
    if (!keys.has(key.id)) keys.set(key.id, key);
  }
  return { current: first, keys };
}

/** The keyring a service's configuration names (IDENTITY_SECRET, IDENTITY_SECRETS_PREVIOUS). */
export function keyringOf(config: { IDENTITY_SECRET: string; IDENTITY_SECRETS_PREVIOUS?: readonly string[] }): Keyring {
  return createKeyring(config.IDENTITY_SECRET, config.IDENTITY_SECRETS_PREVIOUS ?? []);
}

/** A keyring, or one secret standing alone (tests, and callers that only ever sign). */
export type Secrets = string | Keyring;

// A process has one or two secrets; a lone one is turned into the same keyring every time, so the
// keys derived from it are cached too.
const lone = new Map<string, Keyring>();

/** `secrets` as a keyring (a lone secret is a keyring of one). */
export function toKeyring(secrets: Secrets): Keyring {
  if (typeof secrets !== 'string') return secrets;
  let keyring = lone.get(secrets);
  if (!keyring) lone.set(secrets, (keyring = createKeyring(secrets)));
  return keyring;
}

// HKDF is cheap, but a busy route would run it per request: keep each key's derived keys.
const derived = new WeakMap<Key, Map<KeyPurpose, Buffer>>();

/** The 256-bit key of `purpose` under `key` (derived with HKDF, cached). */
export function purposeKey(key: Key, purpose: KeyPurpose): Buffer {
  let byPurpose = derived.get(key);
  if (!byPurpose) derived.set(key, (byPurpose = new Map()));
  let value = byPurpose.get(purpose);
  if (!value) byPurpose.set(purpose, (value = deriveKey(key.secret, purpose)));
  return value;
}
