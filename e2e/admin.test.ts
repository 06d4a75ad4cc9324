import { byTestId, admin, reload, SITE, BROKEN_SITE, logInAs, ADMIN_EMAIL } from './support';

fixture('Admin console').page(SITE);

test('signed-out visitors are asked to sign in', async (t) => {
  await t.navigateTo(`${SITE}/admin`);
  await t.expect(byTestId('admin-sign-in').exists).ok();
  await t.expect(byTestId('admin-sidebar').exists).notOk();
});

test('the admin signs in with an emailed code and the sidebar collapses with Ctrl+B', async (t) => {
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin`);
  const sidebar = byTestId('admin-sidebar');
  await t.expect(sidebar.getAttribute('data-state')).eql('expanded');
  await t.expect(byTestId('page-dashboard').exists).ok();
  await t.pressKey('ctrl+b');
  await t.expect(sidebar.getAttribute('data-state')).eql('collapsed');
  // Remembered in a cookie across a reload.
  await reload();
  await t.expect(byTestId('admin-sidebar').getAttribute('data-state')).eql('collapsed');
  await t.pressKey('ctrl+b');
  await t.expect(byTestId('admin-sidebar').getAttribute('data-state')).eql('expanded');
});

fixture('A remote that cannot load').page(BROKEN_SITE);

test('its route shows the fallback with a retry while other remotes still render', async (t) => {
  await logInAs(ADMIN_EMAIL, BROKEN_SITE);
  await t.navigateTo(`${BROKEN_SITE}/admin/email-testing`);
  await t.expect(byTestId('remote-fallback').exists).ok();
  await t.expect(byTestId('remote-retry').exists).ok();
  // The frame around it still works.
  await t.expect(byTestId('admin-sidebar').exists).ok();
  await t.click(byTestId('remote-retry'));
  await t.expect(byTestId('remote-fallback').exists).ok();
  // Another remote's page renders on the same site.
  await t.navigateTo(`${BROKEN_SITE}/admin`);
  await t.expect(byTestId('page-dashboard').exists).ok();
  await t.navigateTo(`${BROKEN_SITE}/`);
  await t.expect(byTestId('page-home').exists).ok();
});
