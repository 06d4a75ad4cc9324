import { ClientFunction, Selector } from 'testcafe';

const currentPath = ClientFunction(() => window.location.pathname + window.location.search);
import {
  byTestId,
  admin,
  reload,
  restoreWindow,
  SITE,
  BROKEN_SITE,
  EMPTY_PAGE,
  logInAs,
  ADMIN_EMAIL,
  inboxIds,
  newLoginCodeFor,
  newLoginLinkFor,
  clickAndLeave,
  expectLandedOn,
} from './support';

fixture('Admin console').page(EMPTY_PAGE);

test('signed-out visitors go to /login, and back to the screen they asked for once signed in', async (t) => {
  await t.navigateTo(`${SITE}/admin/orders`);
  await t.expect(byTestId('page-login').exists).ok();
  await t.expect(currentPath()).eql('/login?next=%2Fadmin%2Forders');
  await t.expect(byTestId('admin-sidebar').exists).notOk();
  const seen = await inboxIds();
  await t.typeText(byTestId('login-email'), ADMIN_EMAIL, { paste: true }).click(byTestId('login-send'));
  const code = await newLoginCodeFor(ADMIN_EMAIL, seen);
  await t.typeText(byTestId('login-code'), code, { paste: true });
  await clickAndLeave(byTestId('login-verify'));
  await t.expect(byTestId('admin-sidebar').exists).ok();
  await t.expect(currentPath()).eql('/admin/orders');
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

test('a wrong code is refused with the server message, spends the day’s guess, and the mail’s link still signs in', async (t) => {
  await t.navigateTo(`${SITE}/login`);
  const seen = await inboxIds();
  await t.typeText(byTestId('login-email'), 'new.artist@example.com', { paste: true }).click(byTestId('login-send'));
  const code = await newLoginCodeFor('new.artist@example.com', seen);
  const link = await newLoginLinkFor('new.artist@example.com', seen);
  const wrong = code === '000000' ? '111111' : '000000';
  await t.expect(byTestId('login-link-hint').innerText).contains('button that works once');
  await t.typeText(byTestId('login-code'), wrong, { paste: true }).click(byTestId('login-verify'));
  await t.expect(byTestId('login-error').innerText).contains('Invalid or expired code');
  // The code died with the wrong guess; the mail's one-time link signs in from this browser (or any).
  await t.navigateTo(link);
  await expectLandedOn('page-home');
  // A customer is signed in but is not staff: the console stays closed.
  await t.navigateTo(`${SITE}/admin`);
  await t.expect(byTestId('admin-sign-in').exists).ok();
});

test('below 768 px the sidebar is a sheet that closes when a page is picked', async (t) => {
  await t.useRole(admin);
  await t.resizeWindow(390, 844);
  await t.navigateTo(`${SITE}/admin`);
  await t.expect(byTestId('page-dashboard').exists).ok();
  await t.expect(byTestId('admin-sidebar').exists).notOk();
  await t.click(byTestId('sidebar-toggle'));
  await t.click(byTestId('admin-sidebar').find('a').withText('Orders'));
  await t.expect(Selector('h1').withText('Order Management').exists).ok();
  await t.expect(byTestId('admin-sidebar').exists).notOk();
}).after(restoreWindow);

fixture('A remote that cannot load').page(EMPTY_PAGE);

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
