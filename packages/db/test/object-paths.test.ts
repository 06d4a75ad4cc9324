import { describe, expect, it } from 'vitest';
import { objectKeyOf, objectKeyOfPath, objectPathOfKey } from '../src/models/upload';

// The one pair between an order file's stored path and the storage key of its object.
describe('object paths and storage keys', () => {
  const id = '7f3a2b1c-0d4e-4f5a-8b6c-9d0e1f2a3b4c';

  it('maps a path to its key and back', () => {
    expect(objectKeyOfPath(`/objects/${id}`)).toBe(objectKeyOf(id));
    expect(objectPathOfKey(objectKeyOf(id))).toBe(`/objects/${id}`);
    expect(objectKeyOfPath(objectPathOfKey(objectKeyOf(id)))).toBe(objectKeyOf(id));
  });

  it('answers null for a path that is not an upload (the strict id pattern, no traversal)', () => {
    for (const path of [null, undefined, '', '/objects/temp', `/objects/${id}/../x`, `uploads/${id}`])
      expect(objectKeyOfPath(path)).toBeNull();
  });

  it('refuses a key outside the uploads prefix', () => {
    expect(() => objectPathOfKey(`media/${id}`)).toThrow(/Not an upload/);
  });
});
