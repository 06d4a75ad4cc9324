import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeWav } from '../packages/db/src/seed/wav';
import {
  admin,
  byTestId,
  fixtureWithTracks,
  inboxIds,
  openAdminOrder,
  orderLinkOf,
  paidOrderOverHttp,
  type TrackFiles,
} from './support';

// Issue 25: a track the audio analysis flags (the fixture is a fraction of a second long) shows "needs
// replacing" on the order page with a Replace file control; the customer uploads a proper file through the
// same resumable upload, the analysis runs again and the page shows its loudness; staff see the replacement.

/** Two seconds of a 440 Hz tone at -12 dBFS: 16-bit mono WAV at 44.1 kHz, a file the analysis accepts. */
function toneWav(path: string) {
  const rate = 44_100;
  const tone = Float32Array.from({ length: rate * 2 }, (_, i) => 0.25 * Math.sin((2 * Math.PI * 440 * i) / rate));
  writeFileSync(path, encodeWav(tone, rate));
}

/** Opens the order page until `testId` shows (the analysis runs in the ops worker); bounded. */
async function reloadUntil(t: TestController, link: string, testId: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await t.navigateTo(link);
    // Loaded (its status shows) before looking for `testId`, which is there at once or not this time.
    await t.expect(byTestId('order-status').exists).ok();
    if (await byTestId(testId).with({ timeout: 0 }).exists) return;
  }
  throw new Error(`The order page never showed ${testId} within 60 s`);
}

fixtureWithTracks('Replacing a flagged track', 'replace-track-e2e-', ['Too Short.wav']);

test('the customer replaces a flagged track from the order page; its new analysis shows and staff see it', async (t) => {
  const customer = `replace-${Date.now()}@example.com`;
  const { dir } = t.fixtureCtx.files as TrackFiles;
  const good = join(dir, 'Proper Bounce.wav');
  toneWav(good);
  const seen = await inboxIds();
  await paidOrderOverHttp(t, customer, 1);

  // In a fresh browser, from the confirmation mail: the analysis flags the track, in plain words.
  const link = await orderLinkOf(customer, 'Order confirmed', seen);
  await t.deleteCookies();
  await reloadUntil(t, link, 'track-needs-replacing');
  await t.expect(byTestId('track-needs-replacing').innerText).contains('long; a track must be at least');

  // Replace file: the same resumable upload as the upload page, then the page says it is checking.
  await t.setFilesToUpload(byTestId('replace-file-input'), [good]);
  await t.expect(byTestId('track-needs-replacing').exists).notOk({ timeout: 30_000 });
  // The page looks again by itself while the new file is checked, and shows its loudness.
  await t.expect(byTestId('order-track').innerText).match(/original: -\d+\.\d LUFS/, { timeout: 60_000 });
  await t.expect(byTestId('replace-file').exists).notOk();

  // Staff see that the customer replaced the file.
  await t.useRole(admin);
  await openAdminOrder(t, customer);
  await t.expect(byTestId('order-file-replaced').innerText).contains('The customer replaced this file');
});
