import { Selector } from 'testcafe';
import {
  ADMIN_EMAIL,
  byTestId,
  checkoutTracks,
  clickAndLeave,
  expectLandedOn,
  inboxIds,
  newMailFor,
  fixtureWithTracks,
} from './support';

// A customer buys on /upload as a person would: real uploads (tus) to the storefront, an order priced by
// the server, Yoco's hosted page (the local sandbox) and its signed webhook, the outcome pages and mail.
fixtureWithTracks('Purchase', 'purchase-e2e-', ['Summer Mix.wav', 'Late Night.wav']);

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
