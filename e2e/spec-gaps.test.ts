import { writeFileSync } from 'node:fs';
import { ClientFunction } from 'testcafe';
import { encodeWav } from '../packages/db/src/seed/wav';
import {
  admin,
  byTestId,
  inboxIds,
  masterAndDeliver,
  newMailFor,
  orderOverHttp,
  paidOrderOverHttp,
  restoreWindow,
  SITE,
  fixtureWithTracks,
  type TrackFiles,
} from './support';

// Issue 27: the last spec gaps, as a person meets them in the browser.
fixtureWithTracks('Spec gaps', 'spec-gaps-e2e-', ['Laptop Check.wav', 'Laptop Check (master).wav']);

const scrollToExamples = ClientFunction(() => document.getElementById('examples')!.scrollIntoView());

test('after clicking a player button, Space and A still drive the player, once per press', async (t) => {
  await t.navigateTo(SITE);
  const player = byTestId('examples-player');
  await t.expect(player.exists).ok();
  await scrollToExamples();
  // Clicking the big button leaves it focused: Space now pauses once (not pause + the button's own click).
  await t.click(byTestId('player-play'));
  await t.expect(player.getAttribute('data-playing')).eql('true');
  await t.pressKey('space');
  await t.expect(player.getAttribute('data-playing')).eql('false');
  await t.pressKey('space');
  await t.expect(player.getAttribute('data-playing')).eql('true');
  await t.pressKey('space');
  await t.expect(player.getAttribute('data-playing')).eql('false');
  // A, with the neighbour button focused after a click, switches the version.
  await t.click(byTestId('player-next'));
  await t.pressKey('a');
  await t.expect(player.getAttribute('data-version')).eql('mastered');
  await t.pressKey('a');
  await t.expect(player.getAttribute('data-version')).eql('original');
});

/** How far the page's widest table overflows its box (0: no sideways scrolling). */
const tableOverflow = ClientFunction(() => {
  const box = document.querySelector('table')!.parentElement!;
  return Math.max(box.scrollWidth - box.clientWidth, document.documentElement.scrollWidth - window.innerWidth);
});

test('at 1280 x 800 Audio Files and Orders show every spec column without sideways scrolling', async (t) => {
  const customer = `laptop-${Date.now()}@example.com`;
  await orderOverHttp(t, customer, 1);
  await t.resizeWindow(1280, 800);
  await t.useRole(admin);

  await t.navigateTo(`${SITE}/admin/files`);
  await t.typeText(byTestId('files-search'), customer, { paste: true });
  await t.expect(byTestId('file-row').count).eql(1);
  const row = byTestId('file-row');
  // Name, status, style, customer, order, size, upload date, tone, loudness and volume match, all visible.
  for (const text of ['Laptop Check.wav', 'Uploaded', customer, '#', 'Bytes', 'Volume match']) {
    await t.expect(row.innerText).contains(text);
  }
  await t.expect(row.innerText).match(/\b(WARM|BALANCED|OPEN)\b/);
  await t.expect(row.innerText).match(/\b(LOW|MEDIUM|HIGH)\b/);
  await t.expect(row.innerText).match(/[A-Z][a-z]{2} \d{2}, \d{4}/);
  await t.expect(tableOverflow()).lte(0, 'the files table fits 1280 px');

  await t.navigateTo(`${SITE}/admin/orders`);
  await t.typeText(byTestId('orders-search'), customer, { paste: true });
  await t.expect(byTestId('order-row').count).eql(1);
  await t.expect(byTestId('order-row').innerText).contains('1 file');
  await t.expect(tableOverflow()).lte(0, 'the orders table fits 1280 px');

  // Contact Customer from the order: a real mail to the customer, through the mail pipeline.
  await t.click(byTestId('order-row'));
  await t.click(byTestId('order-contact-customer'));
  await t.expect(byTestId('send-message-dialog').innerText).contains(customer);
  // The order dialog hands over to the message dialog: when it finishes leaving, headlessui gives focus
  // back to what opened it, which would cut TestCafe's typing short. A person starts typing after that.
  await t.expect(byTestId('order-dialog').exists).notOk();
  const seen = await inboxIds();
  await t.typeText(byTestId('message-subject'), 'About your order', { paste: true });
  await t.typeText(byTestId('message-body'), 'Your master is on the desk now.', { paste: true });
  await t.click(byTestId('message-send'));
  await t.expect(byTestId('toast').withText('Message sent successfully!').exists).ok();
  await newMailFor(customer, 'About your order', seen);
}).after(restoreWindow);

/** How far the rightmost download button of the files table reaches past its visible box, in px (0 or less: it fits). */
const downloadsOverhang = ClientFunction(() => {
  const box = document.querySelector('table')!.parentElement!.getBoundingClientRect();
  // A plain loop: TestCafe compiles a client function for the browser, and a spread NodeList does not survive it.
  const buttons = document.querySelectorAll('[data-testid="file-row"] button[data-testid^="download-"]');
  let right = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < buttons.length; i++) right = Math.max(right, buttons[i]!.getBoundingClientRect().right);
  return right - Math.min(box.right, window.innerWidth);
});

test('at 1280 x 900 a real row (measured loudness, two download buttons) fits Audio Files, Download column and all', async (t) => {
  const customer = `laptop-real-${Date.now()}@example.com`;
  const { tracks } = t.fixtureCtx.files as TrackFiles;
  // Three seconds of tone (the short test mix is too short to measure: "Unusable"), a quieter mix and a louder master.
  const RATE = 44_100;
  const tone = (amplitude: number) =>
    encodeWav(
      Float32Array.from({ length: RATE * 3 }, (_, i) => amplitude * Math.sin((2 * Math.PI * 220 * i) / RATE)),
      RATE,
    );
  writeFileSync(tracks[0]!, tone(0.1));
  writeFileSync(tracks[1]!, tone(0.5));
  await paidOrderOverHttp(t, customer, 1);
  await masterAndDeliver(t, customer, tracks[1]!);
  await t.resizeWindow(1280, 900);
  await t.useRole(admin);
  // The worker measures the track after payment: the list shows its loudness on a fresh load.
  const row = byTestId('file-row');
  const measured = row.find('[data-testid="file-lufs"]').withText('LUFS').with({ timeout: 3000 });
  for (let load = 0; load < 40; load++) {
    await t.navigateTo(`${SITE}/admin/files`);
    await t.typeText(byTestId('files-search'), customer, { paste: true });
    await t.expect(row.count).eql(1);
    if (await measured.exists) break;
  }
  await t.expect(measured.exists).ok(`the measured loudness is shown (the row reads: ${await row.innerText})`);
  await t.expect(row.find('[data-testid="download-original"]').visible).ok();
  await t.expect(row.find('[data-testid="download-master"]').visible).ok();
  await t.expect(tableOverflow()).lte(0, 'the files table fits 1280 px');
  await t.expect(downloadsOverhang()).lte(0, 'the Download column is inside the table');
}).after(restoreWindow);

test('the missing-audio placeholder is a real file under /audio', async (t) => {
  const res = await fetch(`${SITE}/audio/placeholder.wav`);
  await t.expect(res.status).eql(200);
  await t.expect(res.headers.get('content-type') ?? '').match(/^audio\//);
  const bytes = Buffer.from(await res.arrayBuffer());
  await t.expect(bytes.subarray(0, 4).toString()).eql('RIFF');
});

test('Settings → System Status checks each part live, with its latency', async (t) => {
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/settings`);
  const checks = byTestId('system-check');
  await t.expect(checks.count).eql(4);
  for (const [i, label] of ['Database', 'Object Storage', 'Job Queue'].entries()) {
    await t.expect(checks.nth(i).innerText).contains(label);
    await t.expect(checks.nth(i).innerText).contains('Online');
    await t.expect(checks.nth(i).innerText).match(/\d+ ms/);
  }
  // The mail relay row: its latency and only one of the four plain answers (the Settings journey may have
  // saved another relay before this one runs), never the SMTP server's own words.
  const relay = checks.nth(3);
  await t.expect(relay.innerText).contains('Mail Relay');
  await t.expect(relay.innerText).match(/\d+ ms/);
  await t.expect(relay.innerText).match(/Reachable|Refused the connection or the login|TLS failed|Timed out/);
});
