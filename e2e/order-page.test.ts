import { rmSync } from 'node:fs';
import { Selector } from 'testcafe';
import {
  ADMIN_EMAIL,
  byTestId,
  checkoutTracks,
  clickAndLeave,
  expectLandedOn,
  INBOX,
  inboxIds,
  logInAs,
  newMailFor,
  SITE,
  trackFiles,
  type TrackFiles,
} from './support';

// After payment, the customer's side of the order: the page a mail opens in any browser, its due
// time, the A/B player, a revision with a pinned note, and the master v2 the engineer delivers for it.
const ENGINEER_EMAIL = process.env.E2E_ENGINEER_EMAIL ?? 'engineer@example.com';

fixture('Order page and revisions')
  .page(SITE)
  .before(async (ctx) => {
    ctx.files = trackFiles('order-page-e2e-', ['Night Drive.wav', 'Night Drive (master).wav', 'Night Drive v2.wav']);
  })
  .after(async (ctx) => rmSync((ctx.files as TrackFiles).dir, { recursive: true, force: true }));

/** The order page link of a mail (its "View your order" button), on the site under test. */
async function orderLinkOf(customer: string, subject: string, seen: Set<string>): Promise<string> {
  const mail = await newMailFor(customer, subject, seen);
  const html = await (await fetch(`${INBOX}/api/email/${mail.id}/html`)).text();
  const link = html.match(/href="([^"]*\/orders\/[^"?]+\?t=[^"]+)"/)?.[1];
  if (!link) throw new Error(`The "${subject}" mail has no order page link`);
  return link.replace(/&amp;/g, '&').replace(/^https?:\/\/[^/]+/, SITE);
}

/** As the engineer: attach `master` to the customer's track in Audio Files, then deliver the order in Orders. */
async function masterAndDeliver(t: TestController, customer: string, master: string) {
  await logInAs(ENGINEER_EMAIL);
  await t.navigateTo(`${SITE}/admin/files`);
  await t.typeText(byTestId('files-search'), customer, { replace: true });
  await t.expect(byTestId('file-row').count).eql(1);
  await t.click(byTestId('file-row'));
  await t.setFilesToUpload(byTestId('master-file-input'), [master]);
  await t.expect(byTestId('toast').withText('Mastered file uploaded successfully!').exists).ok();
  await t.pressKey('esc');
  await t.navigateTo(`${SITE}/admin/orders`);
  await t.typeText(byTestId('orders-search'), customer, { replace: true });
  await t.click(byTestId('order-row'));
  await t.click(byTestId('order-new-status')).click(Selector('[role="option"]').withText('Delivered'));
  await t.click(byTestId('order-update-status'));
  await t.expect(byTestId('toast').withText('Order status updated successfully!').exists).ok();
}

test('the customer follows the mail to the order page, compares A/B, asks for a revision and downloads v2', async (t) => {
  const customer = `order-page-${Date.now()}@example.com`;
  const { tracks } = t.fixtureCtx.files as TrackFiles;
  let seen = await inboxIds();
  await checkoutTracks(t, customer, 1);
  await clickAndLeave(byTestId('sandbox-pay'));
  await expectLandedOn('page-payment-success');

  // The confirmation mail's link opens the order in a fresh browser (no cookies), with its due time.
  const link = await orderLinkOf(customer, 'Order confirmed', seen);
  await t.deleteCookies();
  await t.navigateTo(link);
  await t.expect(byTestId('page-order').find('h1').innerText).match(/^Order #[0-9a-f]{8}$/);
  await t.expect(byTestId('order-due').innerText).match(/^Due by /);
  await t.expect(byTestId('order-status').innerText).eql('Payment Confirmed');

  // The engineer delivers; the customer's page shows the player and master v1.
  seen = await inboxIds();
  await masterAndDeliver(t, customer, tracks[1]!);
  await newMailFor(customer, 'Your master is ready', seen);
  await t.deleteCookies();
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
  await t.typeText(Selector('textarea'), 'The kick is too loud here');
  await t.click(Selector('button').withExactText('Send revision request'));
  await t.expect(byTestId('revision-sent').exists).ok();
  await t.expect(byTestId('order-status').innerText).eql('Revision Requested');
  await t.expect(byTestId('order-round').innerText).contains('Revision round 1');
  await t.expect(byTestId('revisions-left').innerText).contains('1 free revision left');

  // The engineer delivers v2; the customer downloads it from the same link.
  seen = await inboxIds();
  await masterAndDeliver(t, customer, tracks[2]!);
  await newMailFor(customer, 'Your master is ready', seen);
  await t.deleteCookies();
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
  await t.typeText(rating.find('textarea'), 'Punchy and warm, thank you!');
  await t.click(rating.find('input[type="checkbox"]'));
  await t.click(Selector('button').withExactText('Send my rating'));
  await t.expect(byTestId('order-rating').innerText).contains('Punchy and warm, thank you!');
  await logInAs(ADMIN_EMAIL);
  await t.navigateTo(`${SITE}/admin/analytics`);
  await t.click(Selector('[role="tab"]').withText('Performance'));
  await t.expect(byTestId('processing-metrics').innerText).contains('5.0 / 5 (1 rating)');
  const rated = byTestId('rating').withText('Punchy and warm, thank you!');
  await t.click(rated.find('button').withExactText('Publish as testimonial'));
  await t.expect(rated.innerText).contains('Testimonial');
});
