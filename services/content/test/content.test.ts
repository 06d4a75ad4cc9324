import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@mastering/db/testing';
import { PublicTestimonial, PublicTestimonialList, ShowcaseTrackList } from '@mastering/contracts';
import { startContentService } from './harness';

let db: TestDatabase;
let base: string;
let stop: () => Promise<void>;

beforeAll(async () => {
  ({ db, base, stop } = await startContentService({ seeded: true }));
});
afterAll(async () => stop?.());

describe('public showcase and testimonials', () => {
  it('lists active showcase tracks in display order, in the contract shape', async () => {
    await db.knex('showcase_tracks').where({ displayOrder: 1 }).update({ isActive: false });
    const tracks = ShowcaseTrackList.parse(await (await fetch(`${base}/api/showcase-tracks`)).json());
    expect(tracks.map((t) => t.displayOrder)).toEqual([0, 2, 3]);
    expect(tracks.every((t) => t.isActive === 'true')).toBe(true);
  });

  it("lists active testimonials in display order, in the public shape without the authors' emails", async () => {
    await db.knex('testimonials').update({ email: db.knex.raw(`'author' || display_order || '@example.com'`) });
    const hidden = await db.knex('testimonials').orderBy('displayOrder').first('id');
    await db.knex('testimonials').where({ id: hidden.id }).update({ isActive: false });
    const raw: Record<string, unknown>[] = await (await fetch(`${base}/api/testimonials`)).json();
    const list = PublicTestimonialList.parse(raw);
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.map((t) => t.id)).not.toContain(hidden.id);
    expect(list.map((t) => t.displayOrder)).toEqual([...list.map((t) => t.displayOrder)].sort((a, b) => a - b));
    expect(new Set(list.map((t) => t.isVerified))).toContain('true');
    for (const item of raw) expect(Object.keys(item).sort()).toEqual(Object.keys(PublicTestimonial.shape).sort());
    expect(JSON.stringify(raw)).not.toContain('@example.com');
  });
});

describe('media', () => {
  it('serves the seeded audio whole, and any byte range of it', async () => {
    const [track] = ShowcaseTrackList.parse(await (await fetch(`${base}/api/showcase-tracks`)).json());
    const whole = await fetch(`${base}${track.masteredAudioUrl}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const bytes = new Uint8Array(await whole.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF');

    const part = await fetch(`${base}${track.masteredAudioUrl}`, { headers: { range: 'bytes=8-15' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-15/${bytes.length}`);
    expect(new TextDecoder().decode(new Uint8Array(await part.arrayBuffer()))).toBe('WAVEfmt ');

    const beyond = await fetch(`${base}${track.masteredAudioUrl}`, {
      headers: { range: `bytes=${bytes.length + 10}-` },
    });
    expect(beyond.status).toBe(416);
  });

  it('serves artwork and refuses anything outside the public prefixes or escaping the store', async () => {
    const [track] = ShowcaseTrackList.parse(await (await fetch(`${base}/api/showcase-tracks`)).json());
    const art = await fetch(`${base}${track.artworkUrl}`);
    expect(art.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect((await fetch(`${base}/media/uploads/secret.wav`)).status).toBe(404);
    expect((await fetch(`${base}/media/showcase/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${base}/media/showcase/missing.wav`)).status).toBe(404);
  });
});
