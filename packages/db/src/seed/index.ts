import type { Knex } from 'knex';
import type { ObjectStorage } from '@mastering/storage';
import { renderCover } from './cover';
import { DEMO_SHOWCASE_TRACKS, DEMO_TESTIMONIALS, type DemoShowcaseTrack } from './demo-content';
import { peakEnvelope, renderVersion, SAMPLE_RATE } from './synth';
import { encodeWav } from './wav';
import { DEFAULT_PRICING } from '@mastering/contracts';

export type SeedOptions = {
  /** The administrator's address; default admin@example.com. */
  adminEmail?: string;
  /** Where the demo showcase audio and covers are written (served by the content service under /media). */
  storage: ObjectStorage;
  /**
   * Seed the demo showcase tracks and testimonials (flagged `isDemo`): only the embedded default
   * (`npm start` without DATABASE_URL) asks for them. A production install (compose, Kubernetes, a
   * DATABASE_URL of its own) starts with none: the studio never shows reviews no artist gave.
   */
  demo?: boolean;
};

export type SeedResult = {
  adminUserId: string;
  created: { showcaseTracks: number; testimonials: number; pricing: boolean };
};

/** The pricing row a new database starts with: the contract's defaults. */
export const SEED_PRICING = DEFAULT_PRICING;

// Arbitrary constant for pg_advisory_xact_lock: two processes seeding at once take turns.
const SEED_LOCK = 7_406_211;

/**
 * Makes a database ready to use: the admin user and the pricing setting, and with `demo` the four demo
 * showcase tracks (with synthesised audio and covers written to storage) and demo testimonials, each
 * flagged `isDemo`. Idempotent: it adds only what is missing and never overwrites what staff changed
 * (the admin account included); demo tracks and testimonials are added only while their table is
 * empty, so deleting single ones sticks.
 */
export async function seed(
  knex: Knex,
  { adminEmail = 'admin@example.com', storage, demo = false }: SeedOptions,
): Promise<SeedResult> {
  // Media first, outside the transaction: writing files can be slow and is idempotent on its own.
  const media = demo ? await Promise.all(DEMO_SHOWCASE_TRACKS.map((track) => ensureShowcaseMedia(storage, track))) : [];

  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [SEED_LOCK]);
    const adminUserId = await ensureAdmin(trx, adminEmail);
    const pricing = await ensureSetting(trx, 'pricing', SEED_PRICING);

    let showcaseTracks = 0;
    if (demo && (await isEmpty(trx, 'showcase_tracks'))) {
      const rows = DEMO_SHOWCASE_TRACKS.map((track, displayOrder) => ({
        title: track.title,
        artist: track.artist,
        genre: track.genre,
        beforeDescription: track.beforeDescription,
        afterDescription: track.afterDescription,
        ...media[displayOrder],
        isActive: true,
        isDemo: true,
        displayOrder,
      }));
      await trx('showcase_tracks').insert(rows);
      showcaseTracks = rows.length;
    }

    let testimonials = 0;
    if (demo && (await isEmpty(trx, 'testimonials'))) {
      await trx('testimonials').insert(
        DEMO_TESTIMONIALS.map((t, displayOrder) => ({ ...t, isActive: true, isDemo: true, displayOrder })),
      );
      testimonials = DEMO_TESTIMONIALS.length;
    }

    return { adminUserId, created: { showcaseTracks, testimonials, pricing } };
  });
}

/**
 * The id of the account with the admin address, created as an active admin only when no account has
 * it. An existing account is left exactly as staff keep it: demoted or deactivated on purpose stays so.
 */
async function ensureAdmin(trx: Knex.Transaction, rawEmail: string): Promise<string> {
  const email = rawEmail.trim().toLowerCase();
  const existing = await trx('users').whereRaw('lower(email) = ?', [email]).first('id');
  if (existing) return existing.id;
  const [row] = await trx('users')
    .insert({ email, firstName: 'Studio', lastName: 'Admin', role: 'admin', isActive: true })
    .returning('id');
  return row.id;
}

/** Stores a setting unless one with that key exists; answers whether it was created. */
async function ensureSetting(trx: Knex.Transaction, key: string, value: unknown): Promise<boolean> {
  const inserted = await trx('settings')
    .insert({ key, value: JSON.stringify(value) })
    .onConflict('key')
    .ignore()
    .returning('key');
  return inserted.length > 0;
}

async function isEmpty(trx: Knex.Transaction, table: string): Promise<boolean> {
  return !(await trx(table).first('id'));
}

/** Public URL of a stored object; the content service serves storage keys under /media. */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

/**
 * Writes the original and mastered WAV and the cover SVG of a demo track unless they are already in
 * storage (so a wiped storage directory is repaired on the next start); returns their URLs.
 */
async function ensureShowcaseMedia(storage: ObjectStorage, track: DemoShowcaseTrack) {
  const keys = {
    original: `showcase/${track.slug}-original.wav`,
    mastered: `showcase/${track.slug}-mastered.wav`,
    cover: `showcase/${track.slug}-cover.svg`,
  };
  const present = await Promise.all(Object.values(keys).map((key) => storage.exists(key)));
  if (!present.every(Boolean)) {
    const original = renderVersion(track.arrangement, 'original');
    const mastered = renderVersion(track.arrangement, 'mastered');
    await storage.put(keys.original, encodeWav(original, SAMPLE_RATE), { contentType: 'audio/wav' });
    await storage.put(keys.mastered, encodeWav(mastered, SAMPLE_RATE), { contentType: 'audio/wav' });
    const cover = renderCover({
      title: track.title,
      artist: track.artist,
      genre: track.genre,
      colors: track.colors,
      waveform: peakEnvelope(mastered, 48),
    });
    await storage.put(keys.cover, cover, { contentType: 'image/svg+xml' });
  }
  return {
    originalAudioUrl: mediaUrl(keys.original),
    masteredAudioUrl: mediaUrl(keys.mastered),
    artworkUrl: mediaUrl(keys.cover),
  };
}
