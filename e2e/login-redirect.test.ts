import { ClientFunction, RequestMock } from 'testcafe';
import { REDIRECT_FORMS, REDIRECT_SITE } from '../mf-storefront/test/login-redirect-forms';
import { byTestId, clickAndLeave, EMPTY_PAGE, inboxIds, isHydrated, newLoginCodeFor, SITE } from './support';

// Issue 51: the `next` a sign-in is sent with never takes the browser off the site. Every form of the unit test's
// table (pathAfterLogin), each followed by Chromium itself: the browser is what decides where `location.assign`
// goes, after it has dropped tabs and newlines, read `\` as `/` and resolved dot segments.

const location = ClientFunction(() => ({
  origin: window.location.origin,
  path: window.location.pathname + window.location.search + window.location.hash,
}));

/** The login page with `next` in its query, as a link to it would carry it. */
const loginWith = (next: string) => `${SITE}/login?next=${encodeURIComponent(next.replaceAll(REDIRECT_SITE, SITE))}`;

/** Where the browser must land for `next`, by the table. */
const landingOf = (next: string) => REDIRECT_FORMS.find((form) => form.next === next)!.lands;

// Each mail link is good once and the login limits count codes per account, so one real sign-in proves the way
// through the server, and the other forms are signed in by a link whose one-time check the server is not asked:
// its "yes" is answered here. What follows the answer (the page's choice of path, the browser's navigation) is
// the site's own code in the real browser.
const linkAccepted = RequestMock()
  .onRequestTo({ url: /\/auth\/verify-link$/, method: 'POST' })
  .respond({ user: null }, 200);

fixture('Sign-in redirects').page(EMPTY_PAGE);

test('a sign-in by code sent with /.//evil.example lands on the home page of this site', async (t) => {
  const next = '/.//evil.example';
  const email = 'redirect.code@example.com';
  await t.navigateTo(loginWith(next));
  const seen = await inboxIds();
  await t.typeText(byTestId('login-email'), email, { paste: true }).click(byTestId('login-send'));
  await t.expect(byTestId('login-code').exists).ok();
  await t.typeText(byTestId('login-code'), await newLoginCodeFor(email, seen), { paste: true });
  await clickAndLeave(byTestId('login-verify'));
  await t.expect(location()).eql({ origin: SITE, path: landingOf(next) });
});

/**
 * Puts a mail's sign-in link (`#link=<token>`) on the open page, to be clicked as a link opened in a tab already
 * here would be followed: a click, so that TestCafe follows the page as it leaves.
 */
const putMailLink = ClientFunction((token: string) => {
  const link = document.createElement('a');
  link.href = `#link=${token}`;
  link.textContent = 'Sign in';
  link.dataset.testid = 'mail-link';
  // Above everything, so the click reaches it wherever the page's header lies.
  link.style.cssText = 'position:fixed;top:0;left:0;z-index:2147483647;padding:1rem;background:white';
  document.body.prepend(link);
});

// The gateway refuses a path holding an encoded slash (`/%2F/...`: 400 in plain text), a page TestCafe cannot read
// the address of; those forms land on this site all the same, and the unit test judges them.
const READABLE_FORMS = REDIRECT_FORMS.filter(({ lands }) => !/%2F|%5C/i.test(lands));

test.requestHooks(linkAccepted)(
  `a sign-in sent with any of the ${READABLE_FORMS.length} forms stays on this site`,
  async (t) => {
    for (const { next, lands } of READABLE_FORMS) {
      await t.navigateTo(loginWith(next));
      await t.expect(isHydrated('login-email')).ok();
      // The page signs in from the link, then leaves for where `next` says.
      await putMailLink('a'.repeat(43));
      await clickAndLeave(byTestId('mail-link'));
      await t.expect(location()).eql({ origin: SITE, path: lands }, `next=${JSON.stringify(next)}`);
    }
  },
);
