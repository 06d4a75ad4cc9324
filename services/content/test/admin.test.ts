// The admin's showcase and testimonial writes through real HTTP: multipart forms with real image and
// audio bytes, the spec's messages, authorisation, and that failures leave no file or row behind.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@mastering/db/testing';
import { encodeWav } from '@mastering/db';
import {
  PublicTestimonialList,
  ShowcaseTrack,
  ShowcaseTrackList,
  Testimonial,
  TestimonialList,
  type Role,
} from '@mastering/contracts';
import { identityAs, startContentService } from './harness';

let db: TestDatabase;
let base: string;
let storageDir: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ db, base, storageDir, stop } = await startContentService());
});
afterAll(async () => stop?.());

const as = (role: Role) => identityAs(role);

/** Every stored object (the storage's temp folder and content-type sidecars left out). */
function storedFiles(dir = storageDir, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || entry.name.endsWith('.meta.json')) return [];
    const key = prefix + entry.name;
    return entry.isDirectory() ? storedFiles(path.join(dir, entry.name), `${key}/`) : [key];
  });
}
const formTempFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('content-form-'));

/** A PNG of `width` x `height` pixels in one colour. */
const png = (width = 1000, height = 800, background = '#c026d3') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A short mono WAV (real RIFF bytes) of a square wave at `level` (0 to 1). */
const wav = (samples = 4000, level = 0.25) =>
  encodeWav(
    Float32Array.from({ length: samples }, (_, i) => (i % 40 < 20 ? level : -level)),
    8000,
  );

type Part = string | { bytes: Buffer | Uint8Array; name: string; type: string };
const form = (parts: Record<string, Part>) => {
  const body = new FormData();
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === 'string') body.append(name, part);
    else body.append(name, new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.name);
  }
  return body;
};

const send = async (method: string, url: string, body: FormData | object | undefined, role: Role | null = 'admin') => {
  const headers: Record<string, string> = role ? await as(role) : {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return fetch(`${base}${url}`, { method, headers, body: payload });
};

const TRACK_FIELDS = {
  title: 'Cape Town Sunrise',
  artist: 'Zanele M',
  genre: 'Jazz',
  beforeDescription: 'Quiet and dull',
  afterDescription: 'Open and loud',
};

const publicTracks = async () => ShowcaseTrackList.parse(await (await fetch(`${base}/api/showcase-tracks`)).json());

describe('who may write', () => {
  const paths = [
    ['GET', '/api/admin/showcase-tracks'],
    ['POST', '/api/admin/showcase-tracks'],
    ['PUT', '/api/admin/showcase-tracks/6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f'],
    ['DELETE', '/api/admin/showcase-tracks/6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f'],
    ['GET', '/api/admin/testimonials'],
    ['POST', '/api/admin/testimonials'],
    ['PUT', '/api/admin/testimonials/6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f'],
    ['DELETE', '/api/admin/testimonials/6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f'],
  ] as const;
  it.each(paths)('%s %s: visitors 401, customers and engineers 403, and nothing is stored', async (method, url) => {
    const body =
      method === 'POST' || method === 'PUT'
        ? () => form({ ...TRACK_FIELDS, name: 'N', role: 'R', content: 'C' })
        : () => undefined;
    expect((await send(method, url, body(), null)).status).toBe(401);
    expect((await send(method, url, body(), 'customer')).status).toBe(403);
    expect((await send(method, url, body(), 'engineer')).status).toBe(403);
    expect(await db.knex('showcase_tracks').count({ n: '*' }).first()).toEqual({ n: '0' });
    expect(await db.knex('testimonials').count({ n: '*' }).first()).toEqual({ n: '0' });
  });
});

describe('showcase tracks', () => {
  let track: ShowcaseTrack;

  it('adds a track with artwork and both versions: artwork resized to a 600 px WebP, audio kept byte for byte, all under content-hashed names', async () => {
    const original = wav(4000, 0.1);
    const mastered = wav(4000, 0.5);
    const res = await send(
      'POST',
      '/api/admin/showcase-tracks',
      form({
        ...TRACK_FIELDS,
        isActive: 'true',
        displayOrder: '3',
        artwork: { bytes: await png(), name: 'cover.png', type: 'image/png' },
        originalAudio: { bytes: original, name: 'before.wav', type: 'audio/wav' },
        masteredAudio: { bytes: mastered, name: 'after.wav', type: 'audio/wav' },
      }),
    );
    expect(res.status).toBe(201);
    track = ShowcaseTrack.parse(await res.json());
    expect(track).toMatchObject({ ...TRACK_FIELDS, isActive: 'true', displayOrder: 3 });
    expect(track.artworkUrl).toMatch(new RegExp(`^/media/showcase/${track.id}/artwork-[0-9a-f]{32}\\.webp$`));
    expect(track.originalAudioUrl).toMatch(
      new RegExp(`^/media/showcase/${track.id}/originalAudio-[0-9a-f]{32}\\.wav$`),
    );

    const art = await fetch(`${base}${track.artworkUrl}`);
    expect(art.headers.get('content-type')).toBe('image/webp');
    expect(art.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await art.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 600, 600]);

    const audio = await fetch(`${base}${track.masteredAudioUrl}`);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await audio.arrayBuffer()).equals(mastered)).toBe(true);
    const part = await fetch(`${base}${track.originalAudioUrl}`, { headers: { range: 'bytes=44-47' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(original.subarray(44, 48))).toBe(true);

    expect((await publicTracks()).map((t) => t.id)).toEqual([track.id]);
    expect(storedFiles()).toHaveLength(3);
  });

  it('lists every track for the admin, hidden ones too', async () => {
    const res = await send('PUT', `/api/admin/showcase-tracks/${track.id}`, { isActive: false });
    expect(res.status).toBe(200);
    expect(ShowcaseTrack.parse(await res.json()).isActive).toBe('false');
    expect(await publicTracks()).toEqual([]);
    // Browsers and CDNs must revalidate the public list, so a hidden track is gone on the next load.
    const list = await fetch(`${base}/api/showcase-tracks`);
    expect(list.headers.get('cache-control')).toBe('public, no-cache');
    const admin = ShowcaseTrackList.parse(await (await send('GET', '/api/admin/showcase-tracks', undefined)).json());
    expect(admin.map((t) => [t.id, t.isActive])).toEqual([[track.id, 'false']]);
    await send('PUT', `/api/admin/showcase-tracks/${track.id}`, form({ isActive: 'true' }));
    expect((await publicTracks()).map((t) => t.id)).toEqual([track.id]);
  });

  it('an edit keeps blank fields, and a new artwork replaces the old file, which is removed', async () => {
    const before = storedFiles();
    const res = await send(
      'PUT',
      `/api/admin/showcase-tracks/${track.id}`,
      form({
        title: '',
        artist: 'Zanele Mbeki',
        artwork: { bytes: await png(300, 500, '#0e7490'), name: 'new.jpg', type: 'image/jpeg' },
      }),
    );
    expect(res.status).toBe(200);
    const edited = ShowcaseTrack.parse(await res.json());
    expect(edited).toMatchObject({
      title: TRACK_FIELDS.title,
      artist: 'Zanele Mbeki',
      originalAudioUrl: track.originalAudioUrl,
    });
    expect(edited.artworkUrl).not.toBe(track.artworkUrl);
    expect((await fetch(`${base}${track.artworkUrl}`)).status).toBe(404);
    expect((await fetch(`${base}${edited.artworkUrl}`)).status).toBe(200);
    expect(storedFiles()).toHaveLength(before.length);
    track = edited;
  });

  it("refuses each missing field with the spec's message and stores nothing", async () => {
    const messages = {
      title: 'Title is required',
      artist: 'Artist is required',
      genre: 'Genre is required',
      beforeDescription: 'Before description is required',
      afterDescription: 'After description is required',
    } as const;
    const files = storedFiles();
    for (const [field, message] of Object.entries(messages)) {
      const res = await send(
        'POST',
        '/api/admin/showcase-tracks',
        form({
          ...TRACK_FIELDS,
          [field]: ' ',
          artwork: { bytes: await png(), name: 'cover.png', type: 'image/png' },
        }),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(message);
    }
    expect(storedFiles()).toEqual(files);
    expect(await db.knex('showcase_tracks').count({ n: '*' }).first()).toEqual({ n: '1' });
  });

  it('refuses a display order too large to store with 400, not a 500 (found by the fuzzer)', async () => {
    const before = await db.knex('showcase_tracks').count({ n: '*' }).first();
    const res = await send(
      'POST',
      '/api/admin/showcase-tracks',
      form({ ...TRACK_FIELDS, displayOrder: '1562593133606795' }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('Display order must be 1000000 or less');
    expect(await db.knex('showcase_tracks').count({ n: '*' }).first()).toEqual(before);
  });

  it('defaults the genre to Electronic and a non-numeric display order to 0', async () => {
    const { genre: _genre, ...rest } = TRACK_FIELDS;
    const res = await send('POST', '/api/admin/showcase-tracks', form({ ...rest, displayOrder: 'abc' }));
    expect(res.status).toBe(201);
    const created = ShowcaseTrack.parse(await res.json());
    expect([created.genre, created.displayOrder, created.artworkUrl]).toEqual(['Electronic', 0, null]);
    expect((await send('DELETE', `/api/admin/showcase-tracks/${created.id}`, undefined)).status).toBe(200);
  });

  it('refuses audio whose bytes are not audio behind a good name and type, and removes the artwork it had already stored', async () => {
    const files = storedFiles();
    const res = await send(
      'POST',
      '/api/admin/showcase-tracks',
      form({
        ...TRACK_FIELDS,
        artwork: { bytes: await png(), name: 'cover.png', type: 'image/png' },
        masteredAudio: {
          bytes: Buffer.from('<html>not audio at all</html>'.repeat(20)),
          name: 'master.wav',
          type: 'audio/wav',
        },
      }),
    );
    expect(res.status).toBe(415);
    expect((await res.json()).error).toBe('Mastered audio must be an audio file (WAV, MP3, FLAC, AIFF, M4A or OGG).');
    expect(storedFiles()).toEqual(files);
    expect(await db.knex('showcase_tracks').count({ n: '*' }).first()).toEqual({ n: '1' });
  });

  it('refuses audio in the artwork field and an image that is corrupt past its magic number', async () => {
    const asArt = await send(
      'PUT',
      `/api/admin/showcase-tracks/${track.id}`,
      form({ artwork: { bytes: wav(), name: 'cover.png', type: 'image/png' } }),
    );
    expect(asArt.status).toBe(415);
    expect((await asArt.json()).error).toBe('Artwork must be an image (JPEG, PNG, WebP, GIF or AVIF).');
    const corrupt = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 7)]);
    const broken = await send(
      'PUT',
      `/api/admin/showcase-tracks/${track.id}`,
      form({ artwork: { bytes: corrupt, name: 'cover.png', type: 'image/png' } }),
    );
    expect(broken.status).toBe(415);
    const stored = ShowcaseTrackList.parse(await (await send('GET', '/api/admin/showcase-tracks', undefined)).json());
    expect(stored[0].artworkUrl).toBe(track.artworkUrl);
  });

  it('refuses artwork over 10 MB with 413, storing nothing', async () => {
    const files = storedFiles();
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await send(
      'POST',
      '/api/admin/showcase-tracks',
      form({ ...TRACK_FIELDS, artwork: { bytes: big, name: 'cover.png', type: 'image/png' } }),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe('Artwork is too large. Maximum size is 10MB.');
    expect(storedFiles()).toEqual(files);
    expect(await db.knex('showcase_tracks').count({ n: '*' }).first()).toEqual({ n: '1' });
  });

  it('refuses a file in a field that takes none, an unknown id, a bad id and a body that is no form', async () => {
    const files = storedFiles();
    const stray = await send(
      'POST',
      '/api/admin/showcase-tracks',
      form({ ...TRACK_FIELDS, avatar: { bytes: await png(), name: 'a.png', type: 'image/png' } }),
    );
    expect(stray.status).toBe(400);
    expect((await stray.json()).error).toBe('Unexpected file field: avatar');
    const missing = await send(
      'PUT',
      '/api/admin/showcase-tracks/6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
      form({ title: 'x', artwork: { bytes: await png(), name: 'c.png', type: 'image/png' } }),
    );
    expect(missing.status).toBe(404);
    expect((await send('DELETE', '/api/admin/showcase-tracks/not-an-id', undefined)).status).toBe(400);
    const text = await fetch(`${base}/api/admin/showcase-tracks`, {
      method: 'POST',
      headers: { ...(await as('admin')), 'content-type': 'text/plain' },
      body: 'title=x',
    });
    expect(text.status).toBe(415);
    expect(storedFiles()).toEqual(files);
    expect(formTempFolders()).toEqual([]);
  });

  it('deletes a track with its files', async () => {
    const res = await send('DELETE', `/api/admin/showcase-tracks/${track.id}`, undefined);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(storedFiles()).toEqual([]);
    expect((await send('DELETE', `/api/admin/showcase-tracks/${track.id}`, undefined)).status).toBe(404);
    expect(await publicTracks()).toEqual([]);
  });
});

describe('testimonials', () => {
  const FIELDS = {
    name: 'Thandi Zulu',
    role: 'Producer',
    company: 'Zulu Beats',
    email: 'thandi@example.com',
    content: 'Loud and clean.',
    rating: '4',
    results: '+20% streams',
  };
  let testimonial: Testimonial;

  it("adds a testimonial with an avatar (a 120 px WebP); the public list leaves out the author's email", async () => {
    const res = await send(
      'POST',
      '/api/admin/testimonials',
      form({
        ...FIELDS,
        isVerified: 'true',
        avatar: { bytes: await png(400, 400), name: 'me.png', type: 'image/png' },
      }),
    );
    expect(res.status).toBe(201);
    testimonial = Testimonial.parse(await res.json());
    expect(testimonial).toMatchObject({ ...FIELDS, rating: 4, isActive: 'true', isVerified: 'true' });
    const avatar = await sharp(
      Buffer.from(await (await fetch(`${base}${testimonial.avatarUrl}`)).arrayBuffer()),
    ).metadata();
    expect([avatar.width, avatar.height]).toEqual([120, 120]);

    const raw = await (await fetch(`${base}/api/testimonials`)).text();
    expect(PublicTestimonialList.parse(JSON.parse(raw)).map((t) => t.id)).toEqual([testimonial.id]);
    expect(raw).not.toContain('thandi@example.com');
    const admin = TestimonialList.parse(await (await send('GET', '/api/admin/testimonials', undefined)).json());
    expect(admin[0].email).toBe('thandi@example.com');
  });

  it("refuses each bad field with the spec's message and changes nothing", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ name: '' }, 'Name is required'],
      [{ role: ' ' }, 'Role is required'],
      [{ content: '' }, 'Testimonial content is required'],
      [{ email: 'not-an-email' }, 'Invalid email address'],
      [{ rating: '6' }, 'Rating must be 1 to 5'],
    ];
    for (const [bad, message] of cases) {
      const res = await send(
        'POST',
        '/api/admin/testimonials',
        form({ ...FIELDS, ...bad, avatar: { bytes: await png(), name: 'a.png', type: 'image/png' } }),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(message);
    }
    expect(await db.knex('testimonials').count({ n: '*' }).first()).toEqual({ n: '1' });
    expect(storedFiles()).toHaveLength(1);
  });

  it('an edit keeps blank required fields, clears a blank optional one, hides, and replaces the avatar', async () => {
    const res = await send(
      'PUT',
      `/api/admin/testimonials/${testimonial.id}`,
      form({
        name: '',
        company: '',
        isActive: 'false',
        rating: '5',
        avatar: { bytes: await png(200, 300, '#15803d'), name: 'new.png', type: 'image/png' },
      }),
    );
    expect(res.status).toBe(200);
    const edited = Testimonial.parse(await res.json());
    expect(edited).toMatchObject({ name: FIELDS.name, company: null, isActive: 'false', rating: 5 });
    expect(edited.avatarUrl).not.toBe(testimonial.avatarUrl);
    expect(storedFiles()).toEqual([edited.avatarUrl!.slice('/media/'.length)]);
    expect(PublicTestimonialList.parse(await (await fetch(`${base}/api/testimonials`)).json())).toEqual([]);
    testimonial = edited;
  });

  it('refuses a text file as an avatar and keeps the old one', async () => {
    const res = await send(
      'PUT',
      `/api/admin/testimonials/${testimonial.id}`,
      form({ name: 'Other', avatar: { bytes: Buffer.from('hello'.repeat(100)), name: 'a.png', type: 'image/png' } }),
    );
    expect(res.status).toBe(415);
    expect((await res.json()).error).toBe('Avatar must be an image (JPEG, PNG, WebP, GIF or AVIF).');
    const [stored] = TestimonialList.parse(await (await send('GET', '/api/admin/testimonials', undefined)).json());
    expect([stored.name, stored.avatarUrl]).toEqual([FIELDS.name, testimonial.avatarUrl]);
  });

  it('deletes a testimonial with its avatar', async () => {
    expect((await send('DELETE', `/api/admin/testimonials/${testimonial.id}`, undefined)).status).toBe(200);
    expect(storedFiles()).toEqual([]);
    expect(await db.knex('testimonials').count({ n: '*' }).first()).toEqual({ n: '0' });
    expect(formTempFolders()).toEqual([]);
  });
});
