import { Selector } from 'testcafe';
import {
  admin,
  byTestId,
  freshBrowser,
  inboxIds,
  masterAndDeliver,
  newMailFor,
  orderLinkOf,
  paidOrderOverHttp,
  SITE,
  fixtureWithTracks,
  type TrackFiles,
} from './support';

// After payment, the customer's side of the order: the page a mail opens in any browser, its due
// time, the A/B player, a revision with a pinned note, and the master v2 the engineer delivers for it.

fixtureWithTracks('Order page and revisions', 'order-page-e2e-', [
  'Night Drive.wav',
  'Night Drive (master).wav',
  'Night Drive v2.wav',
]);

test('the customer follows the mail to the order page, compares A/B, asks for a revision and downloads v2', async (t) => {
  const customer = `order-page-${Date.now()}@example.com`;
  const { tracks } = t.fixtureCtx.files as TrackFiles;
  let seen = await inboxIds();
  await paidOrderOverHttp(t, customer, 1);

  // The confirmation mail's link opens the order in a fresh browser (no cookies), with its due time.
  const link = await orderLinkOf(customer, 'Order confirmed', seen);
  await freshBrowser(t);
  await t.navigateTo(link);
  await t.expect(byTestId('page-order').find('h1').innerText).match(/^Order #[0-9a-f]{8}$/);
  await t.expect(byTestId('order-due').innerText).match(/^Due by /);
  await t.expect(byTestId('order-status').innerText).eql('Payment Confirmed');

  // The engineer delivers; the customer's page shows the player and master v1.
  seen = await inboxIds();
  await masterAndDeliver(t, customer, tracks[1]!);
  await newMailFor(customer, 'Your master is ready', seen);
  await freshBrowser(t);
  await t.navigateTo(link);
  await t.expect(byTestId('ab-player').exists).ok();
  await t.click(byTestId('ab-original'));
  await t.expect(byTestId('ab-original').getAttribute('aria-pressed')).eql('true');
  await t.click(byTestId('ab-master'));
  await t.expect(byTestId('ab-master').getAttribute('aria-pressed')).eql('true');
  await t.expect(byTestId('download-v1').exists).ok();

  // A revision with a note pinned to a time of the track.
  await t.click(byTestId('ab-progress'));
  await t.expect(byTestId('revision-pinned').innerText).contains('at ');
  await t.typeText(Selector('textarea'), 'The kick is too loud here', { paste: true });
  await t.click(Selector('button').withExactText('Send revision request'));
  await t.expect(byTestId('revision-sent').exists).ok();
  await t.expect(byTestId('order-status').innerText).eql('Revision Requested');
  await t.expect(byTestId('order-round').innerText).contains('Revision round 1');
  await t.expect(byTestId('revisions-left').innerText).contains('1 free revision left');

  // The engineer delivers v2; the customer downloads it from the same link.
  seen = await inboxIds();
  await masterAndDeliver(t, customer, tracks[2]!);
  await newMailFor(customer, 'Your master is ready', seen);
  await freshBrowser(t);
  await t.navigateTo(link);
  await t.expect(byTestId('download-v2').exists).ok();
  await t.expect(byTestId('download-v1').exists).ok();
  const v2 = await byTestId('download-v2').getAttribute('href');
  const res = await fetch(new URL(v2!, SITE));
  await t.expect(res.status).eql(200);
  await t.expect(res.headers.get('content-disposition') ?? '').contains('v2');

  // Issue 27: the customer rates the master (five stars, consent ticked); the admin sees it in Analytics.
  const rating = byTestId('rating-form');
  await t.click(rating.find('label').withText('5 stars'));
  await t.typeText(rating.find('textarea'), 'Punchy and warm, thank you!', { paste: true });
  await t.click(rating.find('input[type="checkbox"]'));
  await t.click(Selector('button').withExactText('Send my rating'));
  await t.expect(byTestId('order-rating').innerText).contains('Punchy and warm, thank you!');
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/analytics`);
  await t.click(Selector('[role="tab"]').withText('Performance'));
  await t.expect(byTestId('processing-metrics').innerText).contains('5.0 / 5 (1 rating)');
  const rated = byTestId('rating').withText('Punchy and warm, thank you!');
  await t.click(rated.find('button').withExactText('Publish as testimonial'));
  await t.expect(rated.innerText).contains('Testimonial');
});
