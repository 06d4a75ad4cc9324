/** Raised when a storage key could escape the storage root or is otherwise not a plain object name. */
export class InvalidKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid storage key ${JSON.stringify(key)}: ${reason}`);
    this.name = 'InvalidKeyError';
  }
}

const KEY_CHARACTERS = /^[A-Za-z0-9._/-]+$/;
const MAX_KEY_LENGTH = 1024;

/** Suffix of the sidecar file that keeps an object's content type next to it on disk. */
export const META_SUFFIX = '.meta.json';

/**
 * Checks that `key` is a relative, slash-separated object name: only `[A-Za-z0-9._/-]`, no empty,
 * `.`/`..` or dot-leading segments (dot names are reserved for temp files), and not a sidecar name.
 * Throws InvalidKeyError otherwise; returns the key unchanged.
 */
export function assertValidKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidKeyError(String(key), 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidKeyError(key, `longer than ${MAX_KEY_LENGTH} characters`);
  if (!KEY_CHARACTERS.test(key))
    throw new InvalidKeyError(key, 'only letters, digits, ".", "_", "-" and "/" are allowed');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidKeyError(key, 'absolute paths and empty segments are not allowed');
    if (segment.startsWith('.')) throw new InvalidKeyError(key, 'segments may not start with "."');
  }
  if (key.endsWith(META_SUFFIX)) throw new InvalidKeyError(key, `names ending in ${META_SUFFIX} are reserved`);
  return key;
}

/** True when `key` would be accepted by assertValidKey. */
export function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch {
    return false;
  }
}
