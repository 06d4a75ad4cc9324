import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../src/migrations/050_demo_content';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// Migration 050 (issue 50 Deliver 7): on a database an earlier seed filled (a production install
// included), the invented testimonials and showcase tracks are flagged demo; staff's own rows are not.
let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.destroy();
});

describe('050_demo_content', () => {
  it('flags the rows an earlier seed invented, and only those', async () => {
    await down(db.knex);
    await db.knex('testimonials').insert([
      { name: 'Naledi Khumalo', role: 'Singer-songwriter', content: 'Seeded', rating: 5 },
      { name: 'Naledi Khumalo', role: 'Drummer', content: 'A real artist of the same name', rating: 5 },
    ]);
    await db.knex('showcaseTracks').insert([
      {
        title: 'Joburg After Dark',
        artist: 'Kasi Pulse',
        genre: 'Electronic',
        beforeDescription: 'b',
        afterDescription: 'a',
      },
      {
        title: 'Our own master',
        artist: 'Kasi Pulse',
        genre: 'Electronic',
        beforeDescription: 'b',
        afterDescription: 'a',
      },
    ]);
    await up(db.knex);
    const testimonials = await db.knex('testimonials').select('name', 'role', 'isDemo');
    const tracks = await db.knex('showcaseTracks').select('title', 'isDemo');
    expect(Object.fromEntries(testimonials.map((t) => [t.role, t.isDemo]))).toEqual({
      'Singer-songwriter': true,
      Drummer: false,
    });
    expect(Object.fromEntries(tracks.map((t) => [t.title, t.isDemo]))).toEqual({
      'Joburg After Dark': true,
      'Our own master': false,
    });
  });
});
