import { ClientFunction } from 'testcafe';
import {
  admin,
  byTestId,
  inboxIds,
  newMailFor,
  orderOverHttp,
  restoreWindow,
  SITE,
  fixtureWithTracks,
} from './support';

// Issue 27: the last spec gaps, as a person meets them in the browser.
fixtureWithTracks('Spec gaps', 'spec-gaps-e2e-', ['Laptop Check.wav']);

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
