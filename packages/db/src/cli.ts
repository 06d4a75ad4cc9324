import { createStorage, readStorageConfig } from '@mastering/storage';
import { createKnex } from './knex';
import { migrateLatest, rollbackAll, rollbackLast } from './migrate';
import { seed } from './seed/index';

const USAGE = `Usage: tsx packages/db/src/cli.ts <command>   (against DATABASE_URL)
  migrate          apply pending migrations
  rollback         undo the last batch of migrations
  rollback --all   undo every migration
  seed             add the admin user (ADMIN_EMAIL) and pricing (what a production install starts with)
  seed --demo      the same plus demo showcase tracks and testimonials, marked as demo content in the
                   back-office; their media go to the storage STORAGE_DRIVER chooses (default .data/storage)`;

/** Runs one database chore from the command line; exits non-zero on failure. */
async function main(args: string[]): Promise<void> {
  const [command, ...flags] = args;
  if (!command || !['migrate', 'rollback', 'seed'].includes(command)) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');

  const knex = createKnex(databaseUrl, { pool: { min: 0, max: 2 } });
  try {
    if (command === 'migrate') {
      const applied = await migrateLatest(knex);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
    } else if (command === 'rollback') {
      const undone = flags.includes('--all') ? await rollbackAll(knex) : await rollbackLast(knex);
      console.log(undone.length ? `Rolled back: ${undone.join(', ')}` : 'Nothing to roll back');
    } else {
      const storage = createStorage(readStorageConfig(process.env));
      const result = await seed(knex, {
        adminEmail: process.env.ADMIN_EMAIL || undefined,
        storage,
        demo: flags.includes('--demo'),
      });
      const { showcaseTracks, testimonials, pricing } = result.created;
      console.log(
        `Seeded: admin ${result.adminUserId}; created ${showcaseTracks} showcase tracks, ${testimonials} testimonials${pricing ? ', pricing' : ''}`,
      );
    }
  } finally {
    await knex.destroy();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
