import { ClientFunction } from 'testcafe';
import { admin, byTestId, EMPTY_PAGE, isHydrated, openInApp, SITE } from './support';

// Every page of both specs, in both themes, must have no serious or critical axe-core violation
// (colour contrast above all: the dark theme is the default, the light one a click away).
const AXE = require.resolve('axe-core/axe.min.js');
const SITE_PAGES = [
  ['/', 'home'],
  ['/upload', 'upload'],
  ['/login', 'login'],
  ['/payment/success', 'payment-success'],
  ['/payment/cancelled', 'payment-cancelled'],
  ['/payment/failed', 'payment-failed'],
  ['/terms', 'terms'],
  ['/privacy', 'privacy'],
  ['/refunds', 'refunds'],
  ['/track-order', 'track-order'],
  ['/your-data', 'your-data'],
  // An order page opened without a valid link: the refusal that points to Track my order.
  ['/orders/00000000-0000-4000-8000-000000000000', 'order'],
] as const;
const ADMIN_PAGES = [
  ['/admin', 'dashboard'],
  ['/admin/orders', 'orders'],
  ['/admin/customers', 'customers'],
  ['/admin/users', 'users'],
  ['/admin/files', 'files'],
  ['/admin/payments', 'payments'],
  ['/admin/analytics', 'analytics'],
  ['/admin/showcase', 'showcase'],
  ['/admin/testimonials', 'testimonials'],
  ['/admin/email-testing', 'email-testing'],
  ['/admin/email-templates', 'email-templates'],
  ['/admin/emails', 'emails'],
  ['/admin/settings', 'settings'],
] as const;
const THEMES = ['dark', 'light'] as const;

/**
 * Picks `theme` in the theme menu of the page at `url`, as a visitor would, then loads the page again: the
 * choice persists, and axe never meets the colours halfway through their transition.
 */
async function chooseTheme(t: TestController, url: string, theme: (typeof THEMES)[number]) {
  await t.navigateTo(`${SITE}${url}`);
  await t.expect(isHydrated('theme-menu')).ok('the theme menu never came to life');
  await t.click(byTestId('theme-menu')).click(byTestId(`theme-option-${theme}`));
  await t.navigateTo(`${SITE}${url}`);
}

/**
 * Opens `url` in the app, waits for its page to render, and answers axe's serious and critical findings,
 * one line per element. In-app navigation, not a page load: axe (500 KB) and the app are loaded once per
 * theme instead of once per page, which made this the slowest journey; other journeys open pages by address.
 */
async function seriousFindings(t: TestController, url: string, page: string): Promise<string[]> {
  await openInApp(url);
  await t.expect(byTestId(page === 'not-found' ? page : `page-${page}`).exists).ok(`${url} did not render`);
  return findingsHere(t, url);
}

/** The axe-core the fixture injects into every page (its `clientScripts`), typed by its own declarations. */
declare const axe: typeof import('axe-core');

/**
 * Runs axe in the page and answers its serious and critical violations, one line per element. Only
 * violations leave the page: axe's full results (every passing node with its HTML, several hundred KB a
 * page) cost more to serialise and carry back through TestCafe than the checks themselves, and
 * `resultTypes` stops axe listing every node of its other result types. Every rule runs, document-title
 * too (the @testcafe-community/axe wrapper used before turned it off for TestCafe's old proxy mode).
 */
const seriousAxeViolations = ClientFunction(() =>
  axe
    .run(document, { resultTypes: ['violations'] })
    .then((results) =>
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) =>
          v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
        ),
    ),
);

/** axe's serious and critical findings on the page as it is now, one line per element, labelled `url`. */
async function findingsHere(t: TestController, url: string): Promise<string[]> {
  const findings = await seriousAxeViolations.with({ boundTestRun: t })();
  return findings.map((finding) => `${url} ${finding}`);
}

/** Checks every page of a list and fails once, listing every finding of every page. */
async function expectAccessible(t: TestController, pages: readonly (readonly [string, string])[], theme: string) {
  const findings: string[] = [];
  for (const [url, page] of pages) findings.push(...(await seriousFindings(t, url, page)));
  await t.expect(findings).eql([], `${theme} theme:\n${findings.join('\n')}`);
}

// One error is let through here, and only its opaque form: "Script error." with no stack is what the browser
// reports for an error in a script it may not show, and this journey (axe injected into every page and
// frame, the mail previews in sandboxed frames) met it in 3 of 9 runs, never with anything to act on. The
// journeys that click through these same pages still fail on any error, this one included.
fixture('Accessibility')
  .page(EMPTY_PAGE)
  .clientScripts({ path: AXE })
  .skipJsErrors({ message: /^Script error\.$/ });

for (const theme of THEMES) {
  test(`the site's pages have no serious axe violations (${theme})`, async (t) => {
    await chooseTheme(t, '/', theme);
    await expectAccessible(t, [...SITE_PAGES, ['/no-such-page', 'not-found']], theme);
  });

  test(`the back-office pages have no serious axe violations (${theme})`, async (t) => {
    await t.useRole(admin);
    await chooseTheme(t, '/admin', theme);
    await expectAccessible(t, ADMIN_PAGES, theme);
  });
}

test('a page with a toast showing has no serious axe violations', async (t) => {
  await t.useRole(admin);
  await t.navigateTo(`${SITE}/admin/settings`);
  await t.click(byTestId('settings-save'));
  await t.expect(byTestId('toast').withText('Settings Saved').exists).ok();
  await t.expect(await findingsHere(t, '/admin/settings with a toast')).eql([]);
});
