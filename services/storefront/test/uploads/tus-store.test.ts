import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createStorage } from '@mastering/storage';
import { recordSyncs } from '@mastering/storage/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTusStore } from '../../src/uploads/tus-store';

describe('tus store on the local disk', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('flushes a finished upload to the disk before it counts as stored', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'tus-store-'));
    try {
      const config = { driver: 'local' as const, root };
      const tus = createTusStore(config, createStorage(config), root);
      // tus wrote the bytes through the page cache; promote is called when the last PATCH lands.
      const file = path.join(root, 'uploads', 'finished');
      await writeFile(file, 'RIFF....WAVE');
      const synced = await recordSyncs();
      await tus.promote('uploads/finished', 'audio/wav');
      expect(synced).toEqual([file, path.join(root, 'uploads')]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
