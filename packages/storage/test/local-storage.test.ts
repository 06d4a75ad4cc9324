import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStorage, InvalidKeyError, ObjectTooLargeError, type ObjectStorage } from '../src/index';

const MB = 1024 * 1024;
let root: string;
let storage: ObjectStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  storage = createStorage({ driver: 'local', root });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Deterministic pseudo-random 1 MB chunk (xorshift32 seeded by the index), distinct per index. */
function chunk(index: number): Buffer {
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

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function tempFiles(): string[] {
  const dir = path.join(root, '.tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('local storage', () => {
  it('round-trips a 20 MB stream, writing it to disk while it is still arriving', async () => {
    const written = createHash('sha256');
    let bytesOnDiskBeforeLastChunk = 0;
    async function* source() {
      for (let i = 0; i < 20; i++) {
        if (i === 19) {
          const [part] = tempFiles();
          bytesOnDiskBeforeLastChunk = part ? statSync(path.join(root, '.tmp', part)).size : 0;
        }
        const bytes = chunk(i);
        written.update(bytes);
        yield bytes;
      }
    }

    const result = await storage.put('uploads/big/track.wav', Readable.from(source()));
    expect(result).toEqual({ key: 'uploads/big/track.wav', size: 20 * MB });
    // Backpressure means earlier chunks are already on disk before the source yields the last one.
    expect(bytesOnDiskBeforeLastChunk).toBeGreaterThan(10 * MB);
    expect(tempFiles()).toEqual([]);

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
  });

  it('keeps an explicit content type and otherwise derives it from the extension', async () => {
    await storage.put('covers/one.svg', '<svg/>');
    expect((await storage.stat('covers/one.svg'))!.contentType).toBe('image/svg+xml');

    await storage.put('uploads/abc', 'x', { contentType: 'audio/flac' });
    expect((await storage.stat('uploads/abc'))!.contentType).toBe('audio/flac');
    await storage.put('uploads/abc', 'y');
    expect((await storage.stat('uploads/abc'))!.contentType).toBeUndefined();
  });

  it('rejects keys that could escape the root or collide with internal files', async () => {
    const bad = [
      '../outside.txt', 'a/../../outside.txt', '/etc/passwd', 'a//b', 'a/', '', '.tmp/x',
      'a/.hidden', 'a\\..\\b', 'with space', 'track.wav.meta.json', '%2e%2e/x', 'a/./b',
    ];
    for (const key of bad) {
      await expect(storage.put(key, 'x'), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.stat(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidKeyError);
    }
    expect(existsSync(path.join(path.dirname(root), 'outside.txt'))).toBe(false);
  });

  it('answers null / false for objects that do not exist', async () => {
    await storage.put('a/file', 'x');
    expect(await storage.get('missing/key.wav')).toBeNull();
    expect(await storage.stat('missing/key.wav')).toBeNull();
    expect(await storage.get('a/file/below-a-file')).toBeNull();
    expect(await storage.get('a')).toBeNull(); // a directory is not an object
    expect(await storage.exists('missing/key.wav')).toBe(false);
    expect(await storage.delete('missing/key.wav')).toBe(false);
  });

  it('deletes objects together with their content type', async () => {
    await storage.put('x/y.bin', 'data', { contentType: 'application/x-test' });
    expect(await storage.exists('x/y.bin')).toBe(true);
    expect(await storage.delete('x/y.bin')).toBe(true);
    expect(await storage.exists('x/y.bin')).toBe(false);
    expect(existsSync(path.join(root, 'x', 'y.bin.meta.json'))).toBe(false);
  });

  it('leaves the previous object intact when a new upload fails part way', async () => {
    await storage.put('orders/1/track.mp3', 'old version');
    async function* failing() {
      yield chunk(0);
      throw new Error('client went away');
    }
    await expect(storage.put('orders/1/track.mp3', Readable.from(failing()))).rejects.toThrow('client went away');
    expect(await readFile(path.join(root, 'orders/1/track.mp3'), 'utf8')).toBe('old version');
    expect(tempFiles()).toEqual([]);
  });

  it('refuses bodies over maxBytes and stores nothing', async () => {
    await expect(storage.put('big/one', Readable.from([chunk(0), chunk(1)]), { maxBytes: MB + 10 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    await expect(storage.put('big/two', Buffer.alloc(11), { maxBytes: 10 })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await storage.exists('big/one')).toBe(false);
    expect(await storage.exists('big/two')).toBe(false);
    expect(tempFiles()).toEqual([]);
  });
});
