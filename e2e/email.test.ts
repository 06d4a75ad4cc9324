import { Selector } from 'testcafe';
import { admin, byTestId, EMPTY_PAGE, inboxIds, newMailFor, SITE } from './support';

const option = (label: string) => Selector('[role="option"]').withText(label);

fixture('Email').page(EMPTY_PAGE);

test('an admin sends a test email from Email Testing and it arrives in the inbox', async (t) => {
  const to = `e2e-test-email-${Date.now()}@example.com`;
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/email-testing`);
  await t.click(byTestId('test-email-send'));
  await t.expect(Selector('[role="alert"]').withText('Please select an email template').exists).ok();
  await t.click(byTestId('test-email-template')).click(option('mastering complete'));
  await t.click(byTestId('test-email-send'));
  await t
    .expect(
      Selector('[role="alert"]').withText(
        'Please fill in: customerEmail, customerName, orderId, trackTitle, downloadUrl',
      ).exists,
    )
    .ok();
  await t
    .typeText(byTestId('test-field-customerEmail'), to, { paste: true })
    .typeText(byTestId('test-field-customerName'), 'Lindiwe', { paste: true })
    .typeText(byTestId('test-field-orderId'), '5e1d9c2a-0000-4000-8000-000000000042', { paste: true })
    .typeText(byTestId('test-field-trackTitle'), 'Golden Hour', { paste: true })
    .typeText(byTestId('test-field-downloadUrl'), 'https://example.com/download/golden-hour', { paste: true });
  const seen = await inboxIds();
  await t.click(byTestId('test-email-send'));
  await t.expect(byTestId('toast').withText('Email Sent').exists).ok();
  const mail = await newMailFor(to, 'Golden Hour', seen);
  await t.expect(mail.subject).eql('Your master is ready: Golden Hour');
});

test('an admin creates and sends a campaign and watches its progress reach 100 %', async (t) => {
  const stamp = Date.now();
  const recipients = [`e2e-campaign-a-${stamp}@example.com`, `e2e-campaign-b-${stamp}@example.com`];
  const subject = `Festive slots ${stamp}`;
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/emails`);
  await t.click(byTestId('new-campaign'));
  await t.click(byTestId('campaign-send'));
  await t.expect(Selector('[role="alert"]').withText('Subject is required').exists).ok();
  await t.typeText(byTestId('campaign-subject'), subject, { paste: true });
  await t.click(byTestId('campaign-recipients')).click(option('Custom list'));
  await t.typeText(byTestId('campaign-custom'), recipients.join(', '), { paste: true });
  await t.typeText(byTestId('campaign-content'), 'Book your December mastering slot now.', { paste: true });
  const seen = await inboxIds();
  await t.click(byTestId('campaign-send'));
  await t.expect(byTestId('toast').withText('Campaign sent successfully.').exists).ok();
  const row = byTestId('campaign-row').withText(subject);
  await t.expect(row.find('[data-testid="campaign-progress-text"]').innerText).eql('100 %', { timeout: 30_000 });
  await t.expect(row.find('[data-testid="campaign-status"]').innerText).eql('Sent');
  for (const to of recipients) await newMailFor(to, subject, seen);
});
