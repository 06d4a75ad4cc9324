import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeWav } from '../packages/db/src/seed/wav';
import { byTestId, EMPTY_PAGE, SITE } from './support';

// Issue 54 item 1: a customer uploads a clipped mix and, before paying, reads the mix check's advice under
// the track (the ops worker measures it; the page polls); nothing blocks the order; the customer removes
// the track and uploads a clean mix instead, whose check passes.

const RATE = 44_100;
/** Three seconds of a 220 Hz tone: at -12 dBFS, or driven to twice full scale (clipped on every peak). */
const tone = (amplitude: number) =>
  encodeWav(
    Float32Array.from({ length: RATE * 3 }, (_, i) => amplitude * Math.sin((2 * Math.PI * 220 * i) / RATE)),
    RATE,
  );

fixture('Mix check before payment')
  .page(EMPTY_PAGE)
  .before(async (ctx) => {
    const dir = mkdtempSync(join(tmpdir(), 'mix-check-e2e-'));
    writeFileSync(join(dir, 'Clipped Mix.wav'), tone(2));
    writeFileSync(join(dir, 'Clean Mix.wav'), tone(0.25));
    ctx.dir = dir;
  })
  .after(async (ctx) => rmSync(ctx.dir as string, { recursive: true, force: true }));

const clipping = byTestId('mix-check-finding').withAttribute('data-check', 'clipping');

/** Waits for the clipping finding with `severity`; if it never shows, fails saying what the check shows instead. */
async function expectFinding(t: TestController, severity: string) {
  try {
    await t.expect(clipping.withAttribute('data-severity', severity).exists).ok({ timeout: 60_000 });
  } catch {
    const shown = byTestId('mix-check');
    const state = (await shown.exists)
      ? `${await shown.getAttribute('data-status')}: ${await shown.innerText}`
      : 'nothing';
    throw new Error(`no ${severity} clipping finding within 60 s; the mix check shows ${state}`);
  }
}

test('a clipped mix shows the advice before paying; replaced by a clean mix, the check passes', async (t) => {
  const dir = t.fixtureCtx.dir as string;
  await t.navigateTo(`${SITE}/upload`);
  await t.setFilesToUpload(byTestId('file-input'), [join(dir, 'Clipped Mix.wav')]);
  await t.expect(byTestId('upload-item').withAttribute('data-status', 'completed').exists).ok('the upload completes');
  // The ops worker checks it within seconds; the page asks every 2 s.
  await expectFinding(t, 'problem');
  await t.expect(clipping.innerText).match(/Your mix clips [\d,]+ times .*export with 3 to 6 dB of headroom/);
  // Advice only: the order can go ahead.
  await t.typeText(byTestId('customer-email'), `mix-${Date.now()}@example.com`, { paste: true });
  await t.expect(byTestId('proceed-to-payment').hasAttribute('disabled')).notOk('payment is not blocked');

  // Replace it before paying: remove the track, upload the clean mix.
  await t.click(byTestId('upload-item-remove'));
  await t.setFilesToUpload(byTestId('file-input'), [join(dir, 'Clean Mix.wav')]);
  await expectFinding(t, 'ok');
  await t.expect(byTestId('upload-item').count).eql(1);
});
