// No invented content in production (issue 50 Deliver 7): the seed that docker-compose.yml and the
// Kubernetes migrate job run, and the stack's database step with a DATABASE_URL of one's own, add the
// admin and pricing but no showcase tracks or testimonials; the embedded default's seed adds them,
// flagged as demo content.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { seed, ShowcaseTrack, Testimonial } from '@mastering/db';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { createStorage } from '@mastering/storage';
import { ROOT } from '../lib/paths';
import { startDatabase } from '../lib/stack';
import { Supervisor } from '../lib/supervisor';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'seed-modes-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** How many rows each seeded table holds. */
async function counts(db: TestDatabase) {
  const n = async (table: string) => Number((await db.knex(table).count({ n: '*' }))[0].n);
  return {
    admins: await n('users'),
    showcaseTracks: await n('showcase_tracks'),
    testimonials: await n('testimonials'),
  };
}

/** The shell command of a compose service or a Kubernetes Job's container (`sh -c "<this>"`). */
const shellCommand = (command: string[]) => command.at(-1)!;

describe('the seed of a production install', () => {
  it('docker-compose.yml and the Kubernetes migrate job add no showcase tracks or testimonials', async () => {
    const compose = parse(await readFile(path.join(ROOT, 'docker-compose.yml'), 'utf8'));
    const job = parse(await readFile(path.join(ROOT, 'deploy/k8s/base/migrate-job.yaml'), 'utf8'));
    const commands = new Set([
      shellCommand(compose.services.migrate.command),
      shellCommand(job.spec.template.spec.containers[0].command),
    ]);
    for (const command of commands) {
      const db = await createTestDatabase({ migrate: false });
      try {
        await promisify(execFile)('sh', ['-c', command], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: db.connectionString, STORAGE_DIR: path.join(dir, 'storage') },
        });
        expect({ command, ...(await counts(db)) }).toEqual({ command, admins: 1, showcaseTracks: 0, testimonials: 0 });
      } finally {
        await db.destroy();
      }
    }
  }, 120_000);

  it('npm start with a DATABASE_URL of its own seeds none either', async () => {
    const db = await createTestDatabase();
    const supervisor = new Supervisor(path.join(dir, 'logs'), () => {});
    try {
      const started = await startDatabase({
        dataDir: dir,
        env: { DATABASE_URL: db.connectionString },
        supervisor,
        storageDir: path.join(dir, 'storage'),
      });
      expect(started.embedded).toBe(false);
      expect(started.seeded.created).toMatchObject({ showcaseTracks: 0, testimonials: 0 });
      expect(await counts(db)).toEqual({ admins: 1, showcaseTracks: 0, testimonials: 0 });
    } finally {
      await supervisor.stopAll();
      await db.destroy();
    }
  });
});

describe('the seed of the embedded default', () => {
  it('adds the demo showcase tracks and testimonials, each flagged as demo content', async () => {
    const db = await createTestDatabase();
    try {
      const result = await seed(db.knex, {
        storage: createStorage({ driver: 'local', root: path.join(dir, 'demo-storage') }),
        demo: true,
      });
      expect(result.created).toMatchObject({ showcaseTracks: 4, testimonials: 4 });
      const testimonials = await Testimonial.query(db.knex);
      const tracks = await ShowcaseTrack.query(db.knex);
      expect(testimonials.map((t) => t.toApi().isDemo)).toEqual([true, true, true, true]);
      expect(tracks.map((t) => t.toApi().isDemo)).toEqual([true, true, true, true]);
      // The public home page gets no flag of the back-office's.
      expect(testimonials[0].toPublicApi()).not.toHaveProperty('isDemo');
    } finally {
      await db.destroy();
    }
  });
});
