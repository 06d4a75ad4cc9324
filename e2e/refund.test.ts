import { Selector } from 'testcafe';
import { pdfText } from '../packages/orders/src/pdf-text';
import {
  admin,
  byTestId,
  inboxIds,
  mailHtml,
  mailPdfs,
  newMailFor,
  openAdminOrder,
  orderLinkOf,
  paidOrderOverHttp,
  fixtureWithTracks,
} from './support';

// Issue 25's last step: an admin refunds part of a paid order through the Yoco sandbox from the order
// dialog; the order is refund_pending until the sandbox's webhook, then partly refunded, and the
// customer's order page and "Refund processed" mail say so with the amount. Issue 50: the mail carries
// the refund's credit note as a PDF, which the admin dialog and the order page link too.
fixtureWithTracks('Refunds', 'refund-e2e-', ['Slow Burn.wav']);

test('an admin refunds part of a paid order; the order page and the mail show the refund', async (t) => {
  const customer = `refund-${Date.now()}@example.com`;
  let seen = await inboxIds();
  await paidOrderOverHttp(t, customer, 1);
  const link = await orderLinkOf(customer, 'Order confirmed', seen);

  // The admin opens the order and refunds R100 of it, with the required reason.
  seen = await inboxIds();
  await t.useRole(admin);
  await openAdminOrder(t, customer);
  await t.click(byTestId('order-refund'));
  await t.expect(byTestId('refund-dialog').exists).ok();
  // A refund without a reason is refused before anything is sent.
  await t.typeText(byTestId('refund-amount'), '100', { replace: true, paste: true });
  await t.click(byTestId('refund-issue'));
  await t.expect(byTestId('refund-dialog').exists).ok('the dialog stays open without a reason');
  await t.typeText(byTestId('refund-reason'), 'The second master came late', { paste: true });
  await t.click(byTestId('refund-issue'));
  await t.expect(byTestId('toast').withText('Refund of R100 sent to Yoco').exists).ok();

  // The sandbox's webhook settles it: refund_pending, then back with R100 refunded (the history keeps both).
  const dialog = byTestId('order-dialog');
  await t.expect(dialog.find('[data-testid="order-refund-row"]').innerText).contains('Refunded');
  await t.expect(byTestId('order-refunded').innerText).contains('Refunded R100 of R');
  const history = byTestId('order-history').find('li');
  await t.expect(history.withText('Refund Pending').withText('Refund of R100 issued through Yoco').exists).ok();
  await t.expect(history.withText('Partly refunded: R100.').exists).ok();
  const adminNote = dialog.find('[data-testid="order-credit-note"]');
  await t.expect(adminNote.innerText).match(/Credit note CN-\d{6} \(PDF\)/);
  const number = /CN-\d{6}/.exec(await adminNote.innerText)![0];

  // The customer's "Refund processed" mail names the amount and carries the credit note; the order page
  // lists the refund with the same credit note, which its link alone downloads.
  const mail = await newMailFor(customer, 'Refund processed', seen);
  const html = await mailHtml(mail);
  await t.expect(html).contains('R100');
  await t.expect(html).contains(`Your credit note ${number} is attached`);
  const pdfs = await mailPdfs(mail);
  await t.expect(pdfs.map((p) => p.filename)).eql([`${number}.pdf`], 'the credit note is attached');
  const attached = pdfText(pdfs[0]!.pdf);
  await t.expect(attached).contains('Credit Note');
  await t.expect(attached).contains('Refund: The second master came late');
  await t.deleteCookies();
  await t.navigateTo(link);
  await t.expect(byTestId('page-order').find('h1').innerText).match(/^Order #[0-9a-f]{8}$/);
  await t.expect(byTestId('order-refunds').innerText).match(/Refund R100\s+Refunded/);
  const pageNote = byTestId('order-credit-note');
  await t.expect(pageNote.innerText).eql(`Credit note ${number} (PDF)`);
  const download = await fetch(new URL((await pageNote.getAttribute('href'))!, link));
  await t.expect(download.headers.get('content-type')).eql('application/pdf');
  await t.expect(pdfText(Buffer.from(await download.arrayBuffer()))).contains(number);
  await t.expect(Selector('[data-testid="order-status"]').innerText).eql('Payment Confirmed');
});
