import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likeContains } from '../src/like';
import { createTestDatabase, type TestDatabase } from '../src/testing';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await db?.destroy();
});

/** Whether PostgreSQL finds `typed` in `text` through the pattern the searches use. */
async function contains(text: string, typed: string): Promise<boolean> {
  const { rows } = await db.knex.raw('select ? like ? as hit', [text, likeContains(typed)]);
  return rows[0].hit;
}

describe('likeContains', () => {
  it('matches what was typed anywhere in the text', async () => {
    expect(await contains('thandi@example.co.za', 'example')).toBe(true);
    expect(await contains('thandi@example.co.za', 'nope')).toBe(false);
  });

  it('takes %, _ and \\ literally, never as wildcards', async () => {
    expect(await contains('mix_final.wav', 'x_f')).toBe(true);
    expect(await contains('mixafinal.wav', 'x_f')).toBe(false);
    expect(await contains('50% louder', '50%')).toBe(true);
    expect(await contains('500 louder', '50%')).toBe(false);
    expect(await contains('a\\b', 'a\\b')).toBe(true);
    expect(await contains('ab', 'a\\b')).toBe(false);
  });
});
