import { pdfText } from '../packages/orders/src/pdf-text';
import {
  byTestId,
  checkoutTracks,
  clickAndLeave,
  expectLandedOn,
  inboxIds,
  mailPdfs,
  newMailFor,
  SITE,
  fixtureWithTracks,
} from './support';

// Issue 26 Deliver 4: a bought track's confirmation mail carries its invoice as a PDF, read back from
// MailDev and checked with the same PDF-text reader the vitest uses.
fixtureWithTracks('Invoice by mail', 'invoice-e2e-', ['Invoice Check.wav']);

test('the confirmation mail of a bought track carries the PDF invoice: its kind, number and amount', async (t) => {
  const email = `invoice-${Date.now()}@example.com`;
  const seen = await inboxIds();
  await checkoutTracks(t, email, 1);
  const amount = (await byTestId('sandbox-amount').innerText).trim();
  await clickAndLeave(byTestId('sandbox-pay'));
  await expectLandedOn('page-payment-success');

  const mail = await newMailFor(email, 'Order confirmed', seen);
  const pdfs = await mailPdfs(mail);
  await t.expect(pdfs.length).eql(1, 'one PDF is attached');
  const { filename: name, pdf } = pdfs[0]!;
  await t.expect(name).match(/^INV-\d{6}\.pdf$/, 'named by its invoice number');
  await t.expect(pdf.subarray(0, 5).toString()).eql('%PDF-');

  const text = pdfText(pdf);
  // Not a VAT vendor by default: a Receipt; a vendor's would be a Tax Invoice.
  await t.expect(/Tax Invoice|Receipt/.test(text)).ok(`the document says what it is:\n${text}`);
  await t.expect(text).contains(name.replace('.pdf', ''), 'the number is printed');
  // The document's total is what the hosted page charged (whole rand, however each formats it).
  const rand = (money: string) => Number(/R\s?([\d\s,]+)/.exec(money)?.[1]?.replace(/[\s,]/g, ''));
  const total = text.split('\n').find((line) => line.startsWith('Total')) ?? '';
  await t.expect(rand(total)).eql(rand(amount), `the total (${total}) is the amount paid (${amount})`);
});

test('a guest proves their address with a mailed code on Your data, without an account, and may download', async (t) => {
  const email = `guest-data-${Date.now()}@example.com`;
  await t.navigateTo(`${SITE}/track-order`);
  await t.typeText(byTestId('track-order-form').find('input[type="email"]'), email, { paste: true });
  await t.click(byTestId('track-order-your-data'));
  await t.expect(byTestId('your-data-email').value).eql(email, 'Track my order passes the address');
  const seen = await inboxIds();
  await t.click(byTestId('your-data-send'));
  const mail = await newMailFor(email, 'Your code to see your data', seen);
  const code = /(\d{6})/.exec(mail.subject)?.[1] ?? '';
  await t.typeText(byTestId('your-data-code'), code, { paste: true }).click(byTestId('your-data-verify'));
  await t.expect(byTestId('your-data-actions').innerText).contains(email);
  await t.expect(byTestId('your-data-actions').find('a[download]').getAttribute('href')).eql('/api/your-data');
  // The proof is a cookie of this browser (no session): a fresh visit still shows the data.
  await t.navigateTo(`${SITE}/your-data`);
  await t.expect(byTestId('your-data-actions').exists).ok('the proof lasts in this browser');
});
