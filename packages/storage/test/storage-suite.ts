import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidKeyError, ObjectTooLargeError, RangeNotSatisfiableError, type ObjectStorage } from '../src/index';

export const MB = 1024 * 1024;

/** One driver under test: a fresh, empty storage per test, and what the driver can leave behind. */
export type StorageHarness = {
  storage: ObjectStorage;
  /** Bytes of the object being written that the backend holds so far (temp file, uploaded parts). */
  bytesStoredSoFar(): Promise<number> | number;
  /** Traces of unfinished writes (temp files, multipart uploads neither completed nor aborted). */
  leftovers(): Promise<string[]> | string[];
  cleanup(): Promise<void>;
};

/** Deterministic pseudo-random 1 MB chunk (xorshift32 seeded by the index), distinct per index. */
export function chunk(index: number): Buffer {
  const words = new Uint32Array(MB / 4);
  let x = (index + 1) * 2654435761;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  return Buffer.from(words.buffer);
}

/** Reads a stream to the end. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * The behaviour every ObjectStorage driver promises (see types.ts), run once per driver so the
 * local disk and an S3-compatible bucket are held to the same contract.
 */
export function describeObjectStorage(driver: string, makeHarness: () => Promise<StorageHarness>) {
  describe(`${driver} storage`, () => {
    let harness: StorageHarness;
    let storage: ObjectStorage;

    beforeEach(async () => {
      harness = await makeHarness();
      storage = harness.storage;
    });
    afterEach(async () => {
      await harness.cleanup();
    });

    it('round-trips a 20 MB stream, storing it while it is still arriving', async () => {
      const written = createHash('sha256');
      let bytesStoredBeforeLastChunk = 0;
      async function* source() {
        for (let i = 0; i < 20; i++) {
          if (i === 19) bytesStoredBeforeLastChunk = await harness.bytesStoredSoFar();
          const bytes = chunk(i);
          written.update(bytes);
          yield bytes;
        }
      }

      const result = await storage.put('uploads/big/track.wav', Readable.from(source()));
      expect(result).toEqual({ key: 'uploads/big/track.wav', size: 20 * MB });
      // Backpressure means earlier chunks are already stored before the source yields the last one.
      expect(bytesStoredBeforeLastChunk).toBeGreaterThan(10 * MB);
      expect(await harness.leftovers()).toEqual([]);

      const object = await storage.get('uploads/big/track.wav');
      expect(object).not.toBeNull();
      expect(object!.size).toBe(20 * MB);
      expect(object!.contentType).toBe('audio/wav');
      const read = createHash('sha256');
      for await (const part of object!.stream) read.update(part as Buffer);
      expect(read.digest('hex')).toBe(written.digest('hex'));
    });

    it('stores buffers and strings, and reads byte ranges', async () => {
      await storage.put('notes/a.txt', 'hello storage');
      await storage.put('bin/blob', Buffer.from([1, 2, 3, 4, 5]));
      expect((await readAll((await storage.get('notes/a.txt'))!.stream)).toString()).toBe('hello storage');

      const ranged = await storage.get('bin/blob', { range: { start: 1, end: 3 } });
      expect(ranged!.range).toEqual({ start: 1, end: 3 });
      expect(ranged!.size).toBe(5);
      expect([...(await readAll(ranged!.stream))]).toEqual([2, 3, 4]);

      const tail = await storage.get('bin/blob', { range: { start: 3, end: 99 } });
      expect(tail!.range).toEqual({ start: 3, end: 4 });
      expect([...(await readAll(tail!.stream))]).toEqual([4, 5]);
      const open = await storage.get('bin/blob', { range: { start: 2 } });
      expect([...(await readAll(open!.stream))]).toEqual([3, 4, 5]);
    });

    it('refuses a byte range outside the object', async () => {
      await storage.put('bin/blob', Buffer.from([1, 2, 3, 4, 5]));
      for (const range of [{ start: 5 }, { start: 9, end: 12 }, { start: 3, end: 2 }, { start: -1, end: 2 }]) {
        const error = await storage.get('bin/blob', { range }).catch((err: unknown) => err);
        expect(error, JSON.stringify(range)).toBeInstanceOf(RangeNotSatisfiableError);
        expect((error as RangeNotSatisfiableError).size).toBe(5);
      }
    });

    it('keeps an explicit content type and otherwise derives it from the extension', async () => {
      await storage.put('covers/one.svg', '<svg/>');
      expect((await storage.stat('covers/one.svg'))!.contentType).toBe('image/svg+xml');

      await storage.put('uploads/abc', 'x', { contentType: 'audio/flac' });
      expect((await storage.stat('uploads/abc'))!.contentType).toBe('audio/flac');
      expect((await storage.get('uploads/abc'))!.contentType).toBe('audio/flac');
      await storage.put('uploads/abc', 'y');
      expect((await storage.stat('uploads/abc'))!.contentType).toBeUndefined();
    });

    it('rejects keys that could escape the root or collide with internal files', async () => {
      const bad = [
        '../outside.txt',
        'a/../../outside.txt',
        '/etc/passwd',
        'a//b',
        'a/',
        '',
        '.tmp/x',
        'a/.hidden',
        'a\\..\\b',
        'with space',
        'track.wav.meta.json',
        '%2e%2e/x',
        'a/./b',
      ];
      for (const key of bad) {
        await expect(storage.put(key, 'x'), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.stat(key), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.downloadUrl(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      }
    });

    it('answers null / false for objects that do not exist', async () => {
      await storage.put('a/file', 'x');
      expect(await storage.get('missing/key.wav')).toBeNull();
      expect(await storage.stat('missing/key.wav')).toBeNull();
      expect(await storage.get('a/file/below-a-file')).toBeNull();
      expect(await storage.get('a')).toBeNull(); // a "folder" is not an object
      expect(await storage.exists('missing/key.wav')).toBe(false);
      expect(await storage.delete('missing/key.wav')).toBe(false);
    });

    it('reports size and modification time', async () => {
      const before = Date.now() - 2000;
      await storage.put('x/sized.bin', Buffer.alloc(1234));
      const info = await storage.stat('x/sized.bin');
      expect(info).toMatchObject({ key: 'x/sized.bin', size: 1234 });
      expect(info!.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
    });

    it('deletes objects together with their content type', async () => {
      await storage.put('x/y.bin', 'data', { contentType: 'application/x-test' });
      expect(await storage.exists('x/y.bin')).toBe(true);
      expect(await storage.delete('x/y.bin')).toBe(true);
      expect(await storage.exists('x/y.bin')).toBe(false);
      await storage.put('x/y.bin', 'again');
      expect((await storage.stat('x/y.bin'))!.contentType).toBeUndefined();
    });

    it('leaves the previous object intact when a new upload fails part way', async () => {
      await storage.put('orders/1/track.mp3', 'old version');
      async function* failing() {
        for (let i = 0; i < 7; i++) yield chunk(i);
        throw new Error('client went away');
      }
      await expect(storage.put('orders/1/track.mp3', Readable.from(failing()))).rejects.toThrow('client went away');
      expect((await readAll((await storage.get('orders/1/track.mp3'))!.stream)).toString()).toBe('old version');
      expect(await harness.leftovers()).toEqual([]);
    });

    it('refuses bodies over maxBytes and stores nothing', async () => {
      const eightMb = Array.from({ length: 8 }, (_, i) => chunk(i));
      await expect(storage.put('big/one', Readable.from(eightMb), { maxBytes: 7 * MB + 10 })).rejects.toBeInstanceOf(
        ObjectTooLargeError,
      );
      await expect(storage.put('big/two', Buffer.alloc(11), { maxBytes: 10 })).rejects.toBeInstanceOf(
        ObjectTooLargeError,
      );
      expect(await storage.exists('big/one')).toBe(false);
      expect(await storage.exists('big/two')).toBe(false);
      expect(await harness.leftovers()).toEqual([]);
      expect((await storage.put('big/three', Buffer.alloc(10), { maxBytes: 10 })).size).toBe(10);
    });
  });
}
