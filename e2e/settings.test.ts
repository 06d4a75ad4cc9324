import { Selector } from 'testcafe';
import { admin, byTestId, SITE } from './support';

/** Sets the launch discount on the Settings screen and saves, as an admin would. */
async function saveDiscount(t: TestController, percent: string) {
  await t.navigateTo(`${SITE}/admin/settings`);
  await t.typeText(byTestId('settings-discount'), percent, { replace: true });
  await t.click(byTestId('settings-save'));
  await t.expect(byTestId('toast').withText('Settings Saved').exists).ok();
}

fixture('Settings').page(SITE);

test('an admin changes the launch discount and the storefront shows the new one', async (t) => {
  await t.useRole(admin);
  await saveDiscount(t, '20');
  await t.expect(byTestId('settings-price-preview').innerText).contains('R399');
  await t.expect(byTestId('settings-saved-by').innerText).contains('admin@example.com');
  await t.navigateTo(SITE);
  await t.expect(Selector('header').withText('20% Off').exists).ok();
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
