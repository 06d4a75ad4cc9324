import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Selector } from 'testcafe';
import {
  admin,
  ADMIN_EMAIL,
  agreeToTerms,
  byTestId,
  EMPTY_PAGE,
  clickAndLeave,
  inboxIds,
  newMailFor,
  SITE,
} from './support';

/** Sets the launch discount on the Settings screen and saves, as an admin would. */
async function saveDiscount(t: TestController, percent: string) {
  await t.navigateTo(`${SITE}/admin/settings`);
  await t.typeText(byTestId('settings-discount'), percent, { replace: true, paste: true });
  await t.click(byTestId('settings-save'));
  await t.expect(byTestId('toast').withText('Settings Saved').exists).ok();
}

fixture('Settings').page(EMPTY_PAGE);

test("an admin changes the launch discount and the storefront, its order summary and the server's price follow", async (t) => {
  await t.useRole(admin);
  await saveDiscount(t, '20');
  await t.expect(byTestId('settings-price-preview').innerText).contains('R399');
  await t.expect(byTestId('settings-saved-by').innerText).contains('admin@example.com');
  await t.navigateTo(SITE);
  await t.expect(Selector('header').withText('20% Off').exists).ok();

  // The order summary and the price the server charges (the hosted page's amount) follow: R499 less 20% = R399.
  const dir = mkdtempSync(join(tmpdir(), 'settings-e2e-'));
  try {
    const track = join(dir, 'Discounted.wav');
    copyFileSync(join(__dirname, 'fixtures', 'short-mix.wav'), track);
    await t.navigateTo(`${SITE}/upload`);
    await t.setFilesToUpload(byTestId('file-input'), [track]);
    await t.expect(byTestId('upload-item').filter('[data-status="completed"]').count).eql(1);
    await t.typeText(byTestId('customer-email'), `discount-${Date.now()}@example.com`, { paste: true });
    await t.click(byTestId('proceed-to-payment'));
    await t.expect(byTestId('summary-discount').innerText).contains('100');
    await t.expect(byTestId('summary-total').innerText).contains('399');
    await agreeToTerms(t);
    await clickAndLeave(byTestId('pay-button'));
    await t.expect(byTestId('sandbox-amount').innerText).contains('399');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}).after(async (t) => {
  // Other journeys expect the seeded 35%.
  await saveDiscount(t, '35');
});

test('a bad figure is refused with its message and nothing is saved', async (t) => {
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/settings`);
  await t.typeText(byTestId('settings-discount'), '120', { replace: true, paste: true });
  await t.click(byTestId('settings-save'));
  await t.expect(byTestId('launchDiscount-error').innerText).eql('Launch discount must be 0 to 100');
  await t.navigateTo(`${SITE}/admin/settings`);
  await t.expect(byTestId('settings-discount').value).eql('35');
});

/** Saves the SMTP host and port on the Settings screen, and whether that host may be used without TLS. */
async function saveRelay(t: TestController, host: string, port: string, withoutTls = false) {
  await t.navigateTo(`${SITE}/admin/settings`);
  if (host) await t.typeText(Selector('#smtpHost'), host, { replace: true, paste: true });
  else await t.selectText(Selector('#smtpHost')).pressKey('delete');
  await t.typeText(byTestId('settings-smtp-port'), port, { replace: true, paste: true });
  const exemption = byTestId('settings-smtp-plaintext');
  if (host && (await exemption.getAttribute('aria-checked')) !== String(withoutTls)) await t.click(exemption);
  await t.click(byTestId('settings-save'));
  await t.expect(byTestId('toast').withText('Settings Saved').exists).ok();
}

/** Presses Send Test Email and waits for the SMTP server's answer on the screen. */
async function testEmail(t: TestController, state: 'sent' | 'failed') {
  await t.click(byTestId('settings-test-email'));
  const line = byTestId('settings-test-email-status').withAttribute('data-state', state);
  await t.expect(line.exists).ok();
  return line.innerText;
}

test('the SMTP test button sends through the saved relay and shows what the SMTP server answered', async (t) => {
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/settings`);
  let seen = await inboxIds();
  await t
    .expect(await testEmail(t, 'sent'))
    .eql(`Sent to ${ADMIN_EMAIL} through the server's own mail relay. Check that inbox.`);
  await newMailFor(ADMIN_EMAIL, 'test email', seen);

  // A relay where nothing answers: the failure is shown, not a false "sent".
  await saveRelay(t, '127.0.0.1', '1');
  await t.expect(await testEmail(t, 'failed')).contains('Not sent through 127.0.0.1:1: ');

  // MailDev saved as the relay by hand: it offers no STARTTLS, which a saved relay must...
  const port = process.env.E2E_MAILDEV_SMTP_PORT!;
  await saveRelay(t, '127.0.0.1', port);
  await t.expect(await testEmail(t, 'failed')).eql(`Not sent through 127.0.0.1:${port}: TLS failed`);
  // ...unless the admin exempts that host: then the mail goes through it.
  await saveRelay(t, '127.0.0.1', port, true);
  seen = await inboxIds();
  await t.expect(await testEmail(t, 'sent')).eql(`Sent to ${ADMIN_EMAIL} through 127.0.0.1:${port}. Check that inbox.`);
  await newMailFor(ADMIN_EMAIL, 'test email', seen);
}).after(async (t) => {
  // Other journeys mail through the stack's own relay.
  await saveRelay(t, '', '587');
});
