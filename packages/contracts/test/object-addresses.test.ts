import { describe, expect, it } from 'vitest';
import { objectKeyOf, objectKeyOfPath, objectPathOfKey, uploadIdOfKey } from '../src';

// The one pair between an object's address (an order file's stored path, or the upload URL it was sent to) and
// the storage key of the object behind it (issue 52: five functions in three places did this before).
describe('object addresses and storage keys', () => {
  const id = '7f3a2b1c-0d4e-4f5a-8b6c-9d0e1f2a3b4c';

  it('maps an address to its key and back', () => {
    expect(objectKeyOf(id)).toBe(`uploads/${id}`);
    expect(objectKeyOfPath(`/objects/${id}`)).toBe(objectKeyOf(id));
    expect(objectPathOfKey(objectKeyOf(id))).toBe(`/objects/${id}`);
    expect(objectKeyOfPath(objectPathOfKey(objectKeyOf(id)))).toBe(objectKeyOf(id));
    expect(uploadIdOfKey(objectKeyOfPath(`/objects/${id.toUpperCase()}`))).toBe(id);
  });

  it('reads the key out of the upload URL the file was sent to, relative or absolute', () => {
    for (const url of [
      `/uploads/${id}`,
      `http://localhost:8080/uploads/${id}?sig=x`,
      `https://studio.example/uploads/${id}`,
    ])
      expect(objectKeyOfPath(url)).toBe(objectKeyOf(id));
  });

  it('answers null for an address that is not an upload (the strict id pattern, no traversal)', () => {
    for (const address of [
      null,
      undefined,
      '',
      '/objects/temp-placeholder',
      `/objects/${id}/../x`,
      `/objects/../${id}`,
      `uploads/${id}`,
      `/media/${id}`,
      `http://localhost:8080/x/uploads/${id}`,
    ])
      expect(objectKeyOfPath(address)).toBeNull();
    expect(uploadIdOfKey(null)).toBeNull();
    expect(uploadIdOfKey(`media/${id}`)).toBeNull();
  });

  it('refuses a key outside the uploads prefix', () => {
    expect(() => objectPathOfKey(`media/${id}`)).toThrow(/Not an upload/);
  });
});
