import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorage, createStorage, syncToDisk } from '../src/index';
import { recordSyncs } from '../src/testing';
import { describeObjectStorage } from './storage-suite';

/** Temp files of unfinished writes under the storage root. */
const tempFiles = (root: string) => {
  const dir = path.join(root, '.tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function localHarness() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
  return {
    root,
    storage: createStorage({ driver: 'local', root }),
    bytesStoredSoFar: () =>
      tempFiles(root).reduce((sum, name) => sum + statSync(path.join(root, '.tmp', name)).size, 0),
    leftovers: () => tempFiles(root),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

describeObjectStorage('local', localHarness);

describe('local storage on disk', () => {
  it('keeps objects as files under the root, a content type beside them, and nothing outside', async () => {
    const { root, storage, cleanup } = await localHarness();
    try {
      await storage.put('x/y.bin', 'data', { contentType: 'application/x-test' });
      expect(existsSync(path.join(root, 'x', 'y.bin'))).toBe(true);
      expect(existsSync(path.join(root, 'x', 'y.bin.meta.json'))).toBe(true);
      await storage.delete('x/y.bin');
      expect(existsSync(path.join(root, 'x', 'y.bin.meta.json'))).toBe(false);

      await expect(storage.put('../outside.txt', 'x')).rejects.toThrow();
      expect(existsSync(path.join(path.dirname(root), 'outside.txt'))).toBe(false);
    } finally {
      await cleanup();
    }
  });

  it('has no download URLs: the app serves the bytes', async () => {
    const { storage, cleanup } = await localHarness();
    try {
      await storage.put('a/b.wav', 'x');
      expect(await storage.downloadUrl('a/b.wav')).toBeNull();
    } finally {
      await cleanup();
    }
  });
});

describe('local storage durability', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("flushes a stored object's bytes before naming it, then its folder, before put resolves", async () => {
    const { root, storage, cleanup } = await localHarness();
    try {
      const synced = await recordSyncs();
      await storage.put('uploads/track.wav', Readable.from([Buffer.alloc(1024, 1), Buffer.alloc(1024, 2)]));
      await storage.put('small/text.txt', 'bytes, not a stream');
      expect(synced).toEqual([
        expect.stringMatching(/\/\.tmp\/[\w-]+\.part$/),
        path.join(root, 'uploads'),
        expect.stringMatching(/\/\.tmp\/[\w-]+\.part$/),
        path.join(root, 'small'),
      ]);
    } finally {
      await cleanup();
    }
  });

  it('flushes nothing only when told (flush: false, what the bench compares the flushes against)', async () => {
    const { root, cleanup } = await localHarness();
    try {
      const synced = await recordSyncs();
      await createLocalStorage(root, { flush: false }).put('uploads/track.wav', 'bytes');
      expect(synced).toEqual([]);
    } finally {
      await cleanup();
    }
  });

  it('flushes a file written elsewhere (a finished tus upload) and its folder entry', async () => {
    const { root, cleanup } = await localHarness();
    try {
      const file = path.join(root, 'finished.wav');
      await writeFile(file, 'bytes');
      const synced = await recordSyncs();
      await syncToDisk(file);
      expect(synced).toEqual([file, root]);
    } finally {
      await cleanup();
    }
  });
});
