import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Selector } from 'testcafe';
import { ADMIN_EMAIL, byTestId, inboxIds, newMailFor, SITE, clickAndLeave, expectLandedOn } from './support';

// A customer buys on /upload as a person would: real uploads (tus) to the storefront, an order priced by
// the server, Yoco's hosted page (the local sandbox) and its signed webhook, the outcome pages and mail.
type Fixtures = { dir: string; tracks: string[] };

fixture('Purchase')
  .page(SITE)
  .before(async (ctx) => {
    const dir = mkdtempSync(join(tmpdir(), 'purchase-e2e-'));
    const tracks = ['Summer Mix.wav', 'Late Night.wav'].map((name) => join(dir, name));
    for (const track of tracks) copyFileSync(join(__dirname, 'fixtures', 'short-mix.wav'), track);
    ctx.files = { dir, tracks } satisfies Fixtures;
  })
  .after(async (ctx) => rmSync((ctx.files as Fixtures).dir, { recursive: true, force: true }));

/** Uploads `count` tracks on /upload for `email`, proceeds, pays and lands on the sandbox's hosted page. */
async function checkoutTracks(t: TestController, email: string, count: number) {
  const { tracks } = t.fixtureCtx.files as Fixtures;
  await t.navigateTo(`${SITE}/upload`);
  await t.setFilesToUpload(byTestId('file-input'), tracks.slice(0, count));
  await t.expect(byTestId('upload-item').count).eql(count);
  await t.expect(byTestId('upload-item').filter('[data-status="completed"]').count).eql(count, 'every upload completes');
  await t.typeText(byTestId('customer-email'), email);
  // Record any alert (the spec's payment alerts) instead of failing on it, to say what went wrong.
  await t.setNativeDialogHandler(() => true);
  await t.click(byTestId('proceed-to-payment'));
  const refused = byTestId('upload-error');
  await t.expect(byTestId('pay-button').exists).ok(`the payment dialog opens (form says: ${(await refused.exists) ? await refused.innerText : 'nothing'})`);
  // Pay leaves the page for the hosted checkout.
  await clickAndLeave(byTestId('pay-button'));
  const alerts = (await t.getNativeDialogHistory()).map((d) => d.text);
  await t.expect(byTestId('sandbox-amount').exists).ok(`the hosted payment page opens (alerts: ${alerts.join(' | ') || 'none'})`);
}

test('buys two tracks: Pay on the hosted page leads to the success page and both mails arrive', async (t) => {
  const email = `buyer-${Date.now()}@example.com`;
  const seen = await inboxIds();
  await checkoutTracks(t, email, 2);
  // R499 x 2 = R998, less 35% rounded to a rand (R349): R649, charged as the server computed it.
  await t.expect(byTestId('sandbox-amount').innerText).contains('649');
  await clickAndLeave(byTestId('sandbox-pay'));
  await expectLandedOn('page-payment-success');
  await t.expect(byTestId('order-details').innerText).contains('R649');
  await t.expect(byTestId('order-details').innerText).contains(email);
  await t.expect(byTestId('order-details').innerText).contains('Summer Mix.wav');
  const confirmation = await newMailFor(email, 'Order confirmed: 2 tracks', seen);
  const alert = await newMailFor(ADMIN_EMAIL, 'New paid order', seen);
  await t.expect(confirmation.subject).ok();
  await t.expect(alert.subject).contains('2 tracks');
});

test('Cancel on the hosted page leads to the cancelled page, with the order still payable', async (t) => {
  await checkoutTracks(t, `cancel-${Date.now()}@example.com`, 1);
  await clickAndLeave(byTestId('sandbox-cancel'));
  await expectLandedOn('page-payment-cancelled');
  await t.expect(byTestId('order-details').innerText).contains('R324');
  // Trying again starts a new checkout for the same order.
  await clickAndLeave(byTestId('retry-payment'));
  await t.expect(byTestId('sandbox-amount').innerText).contains('324');
});

test('Decline on the hosted page leads to the failed page', async (t) => {
  await checkoutTracks(t, `decline-${Date.now()}@example.com`, 1);
  await clickAndLeave(byTestId('sandbox-decline'));
  await expectLandedOn('page-payment-failed');
  await t.expect(Selector('h1').innerText).eql('Payment Failed');
});
