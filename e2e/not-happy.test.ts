import { Selector } from 'testcafe';
import {
  admin,
  byTestId,
  fixtureWithTracks,
  freshBrowser,
  inboxIds,
  mailHtml,
  newMailFor,
  orderLinkOf,
  paidOrderOverHttp,
  SITE,
} from './support';

// Issue 50: "Not happy?" reaches someone. The customer asks from the order page and is mailed an
// acknowledgement; the back-office counts the request in the sidebar and on the dashboard, lists it on
// the Refund requests screen, and the admin's answer reaches the customer's inbox.
fixtureWithTracks('Not happy?', 'not-happy-e2e-', ['Late Night.wav']);

test('a "Not happy?" request is counted and listed in the back-office, and its answer reaches the customer', async (t) => {
  const customer = `not-happy-${Date.now()}@example.com`;
  let seen = await inboxIds();
  await paidOrderOverHttp(t, customer, 1);
  const link = await orderLinkOf(customer, 'Order confirmed', seen);

  seen = await inboxIds();
  await freshBrowser(t);
  await t.navigateTo(link);
  const form = byTestId('refund-request-form');
  await t.typeText(form.find('textarea'), 'The low end is muddy on my car speakers.', { paste: true });
  await t.click(form.find('button').withText('Send to the studio'));
  await t.expect(byTestId('refund-request-sent').innerText).contains('within one working day');
  const ack = await newMailFor(customer, 'We have your request about order', seen);
  await t.expect(await mailHtml(ack)).contains('The low end is muddy on my car speakers.');

  // The dashboard and the sidebar count the open request; the sidebar link opens the list.
  seen = await inboxIds();
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin`);
  await t.expect(byTestId('dashboard-refund-requests').innerText).match(/\d+ open refund requests?/);
  const entry = byTestId('admin-sidebar').find('a').withText('Refund requests');
  await t.expect(entry.find('[data-testid="nav-count"]').innerText).match(/^\d+/);
  await t.click(entry);
  const row = byTestId('refund-request-row').withText(customer);
  await t.expect(row.innerText).contains('The low end is muddy on my car speakers.');
  await t.expect(row.find('[data-testid="refund-request-state"]').innerText).eql('Open');

  await t.typeText(row.find('[data-testid="refund-request-answer"]'), 'Sorry to hear it: we refund you today.', {
    paste: true,
  });
  await t.click(row.find('[data-testid="refund-request-approve"]'));
  // Answered, it leaves the open list; "All" shows it approved.
  await t.expect(byTestId('refund-request-row').withText(customer).exists).notOk();
  await t.click(byTestId('refund-requests-all'));
  await t
    .expect(
      Selector('[data-testid="refund-request-row"]').withText(customer).find('[data-testid="refund-request-state"]')
        .innerText,
    )
    .eql('Approved');

  const answer = await newMailFor(customer, 'Your refund request for order', seen);
  await t.expect(await mailHtml(answer)).contains('Sorry to hear it: we refund you today.');
});
