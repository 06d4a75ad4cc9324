import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Selector } from 'testcafe';
import { admin, byTestId, clickAndLeave, SITE } from './support';

/** Sets the launch discount on the Settings screen and saves, as an admin would. */
async function saveDiscount(t: TestController, percent: string) {
  await t.navigateTo(`${SITE}/admin/settings`);
  await t.typeText(byTestId('settings-discount'), percent, { replace: true });
  await t.click(byTestId('settings-save'));
  await t.expect(byTestId('toast').withText('Settings Saved').exists).ok();
}

fixture('Settings').page(SITE);

test('an admin changes the launch discount and the storefront, its order summary and the server\'s price follow', async (t) => {
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
    await t.typeText(byTestId('customer-email'), `discount-${Date.now()}@example.com`);
    await t.click(byTestId('proceed-to-payment'));
    await t.expect(byTestId('summary-discount').innerText).contains('100');
    await t.expect(byTestId('summary-total').innerText).contains('399');
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
  await t.typeText(byTestId('settings-discount'), '120', { replace: true });
  await t.click(byTestId('settings-save'));
  await t.expect(byTestId('launchDiscount-error').innerText).eql('Launch discount must be 0 to 100');
  await t.navigateTo(`${SITE}/admin/settings`);
  await t.expect(byTestId('settings-discount').value).eql('35');
});
