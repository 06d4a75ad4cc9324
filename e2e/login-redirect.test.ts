import { ClientFunction, RequestMock } from 'testcafe';
import { REDIRECT_FORMS, REDIRECT_SITE } from '../mf-storefront/test/login-redirect-forms';
import { byTestId, clickAndLeave, EMPTY_PAGE, inboxIds, newLoginCodeFor, openInApp, SITE } from './support';

// Issue 51: the `next` a sign-in is sent with never takes the browser off the site. The forms are the unit test's
// (pathAfterLogin), followed here by Chromium itself, which is what decides where `location.assign` goes.

const location = ClientFunction(() => ({
  origin: window.location.origin,
  path: window.location.pathname + window.location.search + window.location.hash,
}));

/**
 * True once React has taken over the page the browser shows (its page element, or the not-found heading, carries
 * React's props): a prerendered page opened in the app before it hydrates fails hydration (React error 418).
 */
const appReady = ClientFunction(() => {
  const page = document.querySelector('[data-testid^="page-"], [data-testid="not-found"]');
  return page !== null && Object.keys(page).some((key) => key.startsWith('__reactProps'));
});

/** The login page's path with `next` in its query, as a link to it would carry it. */
const loginPathWith = (next: string) => `/login?next=${encodeURIComponent(next.replaceAll(REDIRECT_SITE, SITE))}`;

/**
 * Presses Verify from the page's own script. With the sign-in calls answered at once (the table below) the page
 * leaves while TestCafe's click action is still running, and TestCafe then lost the browser ("disconnected");
 * pressed this way, the action has ended before the page leaves.
 */
const pressVerify = ClientFunction(() => {
  (document.querySelector('[data-testid="login-verify"]') as HTMLButtonElement).click();
});

/** Clicks Verify as a person does (the page leaves: see clickAndLeave). */
const clickVerify = () => clickAndLeave(byTestId('login-verify'));

/** Types `email` and the code into the login page and presses Verify (`press`); `code` is the code to type. */
async function signIn(
  t: TestController,
  email: string,
  code: () => Promise<string>,
  press: () => Promise<unknown> = clickVerify,
) {
  await t.typeText(byTestId('login-email'), email, { replace: true, paste: true }).click(byTestId('login-send'));
  await t.expect(byTestId('login-code').exists).ok();
  await t.typeText(byTestId('login-code'), await code(), { paste: true });
  await t.expect(byTestId('login-verify').hasAttribute('disabled')).notOk();
  await press();
}

fixture('Sign-in redirects').page(EMPTY_PAGE);

test('a real sign-in sent with /.//evil.example lands on the home page', async (t) => {
  const email = 'redirect.artist@example.com';
  await t.navigateTo(`${SITE}${loginPathWith('/.//evil.example')}`);
  const seen = await inboxIds();
  await signIn(t, email, () => newLoginCodeFor(email, seen));
  await t.expect(location()).eql({ origin: SITE, path: '/' });
  await t.expect(byTestId('page-home').exists).ok();
});

// Every form of the table, signed in with the sign-in calls answered as the service answers a right code: the
// login limits allow far fewer real codes an hour from one address than the table has forms, and what is judged
// here is where the page sends the browser once the service says yes.
const signInAccepted = RequestMock()
  .onRequestTo({ url: `${SITE}/auth/request-code`, method: 'POST' })
  .respond({ message: 'Login code sent' }, 200)
  .onRequestTo({ url: `${SITE}/auth/verify-code`, method: 'POST' })
  .respond({ user: null }, 200);

// In groups, each opening the site once: the next form's login page is opened inside the app the last one landed
// in (a page load per form fewer, which the journey spends most of its time on).
const GROUP = 10;
for (let first = 0; first < REDIRECT_FORMS.length; first += GROUP) {
  const forms = REDIRECT_FORMS.slice(first, first + GROUP);
  test.requestHooks(signInAccepted)(
    `no form of next takes a signed-in visitor off the site (${first + 1}-${first + forms.length})`,
    async (t) => {
      await t.navigateTo(`${SITE}/`);
      for (const { next, lands } of forms) {
        await t.expect(appReady()).ok();
        await openInApp(loginPathWith(next));
        await signIn(t, 'redirect.table@example.com', async () => '123456', pressVerify);
        await t.expect(location()).eql({ origin: SITE, path: lands }, JSON.stringify(next));
      }
    },
  );
}
