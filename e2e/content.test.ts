import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ClientFunction, Selector } from 'testcafe';
import { admin, byTestId, EMPTY_PAGE, SITE } from './support';

/** A solid-colour RGB PNG, `size` pixels square, built chunk by chunk (TestCafe's compiler cannot default-import sharp). */
function png(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.from([0, ...Array.from({ length: size }, () => rgb).flat()]); // filter byte 0, then pixels
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Fixtures = { dir: string; artwork: string; original: string; mastered: string; avatar: string };

/** The home page player's current audio: its duration once the browser has decoded its header. */
const audioDuration = ClientFunction(
  () =>
    new Promise<number>((resolve, reject) => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="examples-player"] audio');
      if (!audio) return reject(new Error('no player audio'));
      if (audio.readyState >= 1 && audio.duration > 0) return resolve(audio.duration);
      audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
      audio.addEventListener('error', () => reject(new Error(`cannot load ${audio.src}`)), { once: true });
      audio.load();
    }),
);

fixture('Content admin: showcase and testimonials reach the home page')
  .page(EMPTY_PAGE)
  .before(async (ctx) => {
    // Real files to upload: a PNG cover and avatar, and the seeded demo WAVs as the track's two versions.
    const dir = mkdtempSync(join(tmpdir(), 'content-e2e-'));
    const [seeded] = (await (await fetch(`${SITE}/api/showcase-tracks`)).json()) as {
      originalAudioUrl: string;
      masteredAudioUrl: string;
    }[];
    const files: Fixtures = {
      dir,
      artwork: join(dir, 'cover.png'),
      avatar: join(dir, 'avatar.png'),
      original: join(dir, 'original.wav'),
      mastered: join(dir, 'mastered.wav'),
    };
    writeFileSync(files.artwork, png(900, [15, 118, 110]));
    writeFileSync(files.avatar, png(300, [147, 51, 234]));
    writeFileSync(files.original, Buffer.from(await (await fetch(`${SITE}${seeded.originalAudioUrl}`)).arrayBuffer()));
    writeFileSync(files.mastered, Buffer.from(await (await fetch(`${SITE}${seeded.masteredAudioUrl}`)).arrayBuffer()));
    ctx.files = files;
  })
  .after(async (ctx) => {
    rmSync((ctx.files as Fixtures).dir, { recursive: true, force: true });
  });

test('the admin uploads a showcase track that plays on the home page, hides it, and deletes it', async (t) => {
  const files = t.fixtureCtx.files as Fixtures;
  const title = `E2E Sunrise ${Date.now()}`;
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/showcase`);
  await t.expect(byTestId('page-showcase').exists).ok();

  // The spec's messages, before anything is sent.
  await t.click(byTestId('showcase-submit'));
  await t.expect(byTestId('showcase-title-error').innerText).eql('Title is required');
  await t.expect(byTestId('showcase-artist-error').innerText).eql('Artist is required');

  await t
    .typeText(byTestId('showcase-title'), title, { paste: true })
    .typeText(byTestId('showcase-artist'), 'E2E Artist', { paste: true })
    .typeText(byTestId('showcase-beforeDescription'), 'Flat demo mix', { paste: true })
    .typeText(byTestId('showcase-afterDescription'), 'Loud and wide', { paste: true })
    .setFilesToUpload(byTestId('showcase-artwork'), [files.artwork])
    .setFilesToUpload(byTestId('showcase-originalAudio'), [files.original])
    .setFilesToUpload(byTestId('showcase-masteredAudio'), [files.mastered])
    .click(byTestId('showcase-submit'));
  await t.expect(byTestId('toast').innerText).contains('Showcase track uploaded successfully!');
  const row = byTestId('showcase-row').withText(title);
  await t.expect(row.exists).ok();

  // The newest track comes last in display order: in the carousel it is the first track's previous neighbour.
  await t.navigateTo(SITE);
  const player = byTestId('examples-player');
  await t.expect(byTestId('player-previous').getAttribute('aria-label')).contains(title);
  await t.click(byTestId('player-previous'));
  await t.expect(byTestId('player-title').innerText).eql(title);
  await t
    .expect(player.find('[aria-roledescription="carousel"] > div img').getAttribute('src'))
    .match(/^\/media\/showcase\/[0-9a-f-]+\/artwork-[0-9a-f]{32}\.webp$/);
  await t.expect(player.find('audio').getAttribute('src')).match(/(original|mastered)Audio-[0-9a-f]{32}\.wav$/);
  await t.expect(await audioDuration()).gt(0);

  // Inline edit: the row turns into its form, a blank field keeps its value.
  await t.navigateTo(`${SITE}/admin/showcase`);
  await t.click(row.find('[data-testid="showcase-row-edit"]'));
  const edit = byTestId('showcase-edit-form');
  await t
    .typeText(edit.find('input[id$="-artist"]'), 'E2E Artist Edited', { replace: true, paste: true })
    .selectText(edit.find('input[id$="-title"]'))
    .pressKey('delete')
    .click(edit.find('button[type="submit"]'));
  await t.expect(byTestId('toast').innerText).contains('Showcase track updated successfully!');
  await t.expect(row.innerText).contains('E2E Artist Edited');

  await t.click(row.find('[data-testid="showcase-row-active"]'));
  await t.expect(row.find('[data-testid="showcase-row-status"]').innerText).eql('Hidden');
  await t.navigateTo(SITE);
  await t.expect(byTestId('player-title').exists).ok();
  await t.expect(byTestId('examples-player').find(`[aria-label*="${title}"]`).exists).notOk();
  await t.expect(byTestId('player-title').innerText).notContains(title);

  await t.navigateTo(`${SITE}/admin/showcase`);
  await t.click(row.find('[data-testid="showcase-row-delete"]'));
  await t.click(byTestId('confirm-delete-button'));
  await t.expect(byTestId('toast').innerText).contains('Showcase track deleted successfully!');
  await t.expect(row.exists).notOk();
});

test("the admin adds a testimonial and it shows on the home page without the author's email", async (t) => {
  const files = t.fixtureCtx.files as Fixtures;
  const name = `E2E Artist ${Date.now()}`;
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/testimonials`);
  const heading = byTestId('testimonials-count');
  await t.expect(heading.innerText).match(/^Existing Testimonials \(\d+\)$/);
  const before = Number((await heading.innerText).match(/\d+/)![0]);

  await t
    .typeText(byTestId('testimonial-email'), 'not-an-email', { paste: true })
    .click(byTestId('testimonial-submit'));
  await t.expect(byTestId('testimonial-name-error').innerText).eql('Name is required');
  await t.expect(byTestId('testimonial-email-error').innerText).eql('Invalid email address');

  await t
    .typeText(byTestId('testimonial-name'), name, { paste: true })
    .typeText(byTestId('testimonial-role'), 'Producer', { paste: true })
    .typeText(byTestId('testimonial-email'), 'private.author@example.com', { replace: true, paste: true })
    .typeText(byTestId('testimonial-content'), 'Masters came back in a day and sound huge.', { paste: true })
    .setFilesToUpload(byTestId('testimonial-avatar'), [files.avatar])
    .click(byTestId('testimonial-verified'))
    .click(byTestId('testimonial-submit'));
  await t.expect(byTestId('toast').innerText).contains('Testimonial created successfully!');
  await t.expect(heading.innerText).eql(`Existing Testimonials (${before + 1})`);

  await t.navigateTo(SITE);
  const card = byTestId('testimonial').withText(name);
  await t.expect(card.exists).ok();
  await t.expect(card.innerText).contains('Verified');
  await t.expect(Selector('body').innerText).notContains('private.author@example.com');

  await t.navigateTo(`${SITE}/admin/testimonials`);
  await t.click(byTestId('testimonial-row').withText(name).find('[data-testid="testimonial-row-delete"]'));
  await t.click(byTestId('confirm-delete-button'));
  await t.expect(byTestId('toast').innerText).contains('Testimonial deleted successfully!');
  await t.expect(heading.innerText).eql(`Existing Testimonials (${before})`);
});
