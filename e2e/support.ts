import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ClientFunction, Role, Selector, t } from 'testcafe';

// scripts/e2e.ts starts the stack on free ports and passes them here.
const required = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journeys with \`npm run test:e2e\``);
  return value;
};
export const SITE = required('E2E_SITE_URL');
export const BROKEN_SITE = required('E2E_BROKEN_SITE_URL');
export const INBOX = required('E2E_INBOX_URL');
/**
 * Where a fixture starts whose journeys each open their own first page (by address, a role or a helper): an
 * empty page, so a journey does not load the home page (and load it again when it takes on a role) only to
 * leave it. The storefront's journeys, which begin on the home page, start at SITE.
 */
export const EMPTY_PAGE = 'about:blank';
/** The session cookie's name: the services' SESSION_COOKIE default, which scripts/e2e.ts leaves as it is. */
const SESSION_COOKIE = 'sid';
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com';
/** The engineer account scripts/e2e.ts makes for the journeys that master and deliver. */
export const ENGINEER_EMAIL = process.env.E2E_ENGINEER_EMAIL ?? 'engineer@example.com';

// Text goes into fields with `typeText(…, { paste: true })`, as a pasted address or code does: one input event
// instead of four key events and a React render per character (643 ms on average per field, 55 s over the
// journeys). What the journeys check is what the form does with the text, not each keystroke; the keys a
// page answers (Space, A, Escape, Tab) are pressed one by one with `pressKey`.
export const byTestId = (id: string) => Selector(`[data-testid="${id}"]`);
/**
 * True once React has taken over the element with `testId`: a prerendered page shows its buttons before its
 * code has run, and a click then reaches no handler (React keeps an element's props on it, under a
 * `__reactProps` key, from hydration on). Assert it before clicking such a button.
 */
export const isHydrated = ClientFunction((testId: string) => {
  const element = document.querySelector(`[data-testid="${testId}"]`);
  return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
});
export const htmlClass = ClientFunction(() => document.documentElement.className);
export const reload = ClientFunction(() => window.location.reload());
/**
 * Gives the browser its usual window back after a test that resized it (`test(...).after(restoreWindow)`):
 * the window outlives the test, and the next file's journeys would otherwise run at a phone's width. The
 * usual window is the 1280 x 800 it starts at: scripts/e2e.ts makes that TestCafe's "maximized" size.
 */
export const restoreWindow = async (t: TestController) => {
  await t.maximizeWindow();
};
/**
 * Opens `path` inside the running app without loading the page again, as the app's own links do: the
 * router reads the new address on `popstate`. For journeys that visit many pages (the accessibility one).
 */
export const openInApp = ClientFunction((path: string) => {
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
});

// MailDev's REST shape (only what we read).
export type MailDevEmail = { id: string; subject: string; text: string; to: { address: string }[] };

const inbox = async () => (await (await fetch(`${INBOX}/api/email`)).json()) as MailDevEmail[];

/** Ids of every message in the inbox now, so a later look can tell which message is new. */
export const inboxIds = async () => new Set((await inbox()).map((m) => m.id));

/**
 * The login code of the first message to `email` that was not in the inbox before (`seen`). Mail is
 * sent by a background job, so this asks the inbox until it arrives (bounded, never a fixed sleep).
 */
export async function newLoginCodeFor(email: string, seen: Set<string>): Promise<string> {
  const mail = await newMailFor(email, 'login code', seen);
  const code = mail.subject.match(/(\d{6})/)?.[1];
  if (!code) throw new Error(`The login mail for ${email} has no code in its subject: ${mail.subject}`);
  return code;
}

/** The one-time sign-in link (`/login#link=...`) of the first login mail to `email` not in the inbox before (`seen`). */
export async function newLoginLinkFor(email: string, seen: Set<string>): Promise<string> {
  const mail = await newMailFor(email, 'login code', seen);
  const link = /https?:\/\/\S+\/login#link=[\w-]{43}/.exec(mail.text)?.[0];
  if (!link) throw new Error(`The login mail for ${email} has no sign-in link: ${mail.text}`);
  return link;
}

/** The download page on this site, from the customer's new delivery mail ("Your master is ready"). */
export async function newDownloadLinkFor(email: string, seen: Set<string>): Promise<string> {
  const mail = await newMailFor(email, 'Your master is ready', seen);
  const html = await (await fetch(`${INBOX}/api/email/${mail.id}/html`)).text();
  const link = html.match(/href="([^"]*\/download\/[^"]+)"/)?.[1];
  if (!link) throw new Error(`The delivery mail for ${email} has no download link`);
  return link.replace(/^https?:\/\/[^/]+/, SITE);
}

/** The first message to `email` whose subject contains `subject` and was not in the inbox before (`seen`); asks until it arrives (bounded). */
export async function newMailFor(email: string, subject: string, seen: Set<string>): Promise<MailDevEmail> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const mail = (await inbox()).find(
      (m) => !seen.has(m.id) && m.subject.includes(subject) && m.to.some((to) => to.address.toLowerCase() === email),
    );
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail "${subject}" for ${email} arrived in MailDev within 30 s`);
}

/**
 * Clicks a control that leaves the page (a form that reloads the site, a link to another origin). When
 * the navigation starts inside TestCafe's click action, the action can look for the control again on
 * the new page and report it missing although it was pressed (seen in CI, timing-dependent; TestCafe
 * issue 7894), so the click's own verdict is ignored: the caller must assert where the browser lands,
 * which is what counts. The control is waited for first, so that second look can give up after a
 * second instead of the whole selector timeout (it cost a journey 15 s when it happened).
 */
export async function clickAndLeave(control: Selector) {
  await t.expect(control.visible).ok();
  await t.click(control.with({ timeout: 1_000 })).catch(() => undefined);
}

const pageState = ClientFunction(() => ({
  url: window.location.href,
  heading: document.querySelector('h1, h2')?.textContent ?? '',
  alert: document.querySelector('[role="alert"]')?.textContent ?? '',
}));

/** Asserts that the browser shows the page `testId`; when it does not, says where it is instead. */
export async function expectLandedOn(testId: string) {
  try {
    await t.expect(byTestId(testId).exists).ok();
  } catch (failure) {
    // Reading the page can fail too (in a CI run TestCafe had lost track of the test there); the first failure is the one to show.
    const state = await pageState().catch(() => null);
    if (!state) throw failure;
    throw new Error(
      `Expected the page "${testId}", but the browser is at ${state.url} showing "${state.heading}"${state.alert ? ` and the alert "${state.alert}"` : ''}`,
    );
  }
}

/** Signs in through /login with the code from the inbox, as a person would. */
export async function logInAs(email: string, site = SITE) {
  await t.navigateTo(`${site}/login`);
  const seen = await inboxIds();
  await t.typeText(byTestId('login-email'), email, { replace: true, paste: true }).click(byTestId('login-send'));
  await t.expect(byTestId('login-code').exists).ok();
  await t.expect(byTestId('toast').innerText).contains('Code sent!');
  const code = await newLoginCodeFor(email, seen);
  await t.typeText(byTestId('login-code'), code, { paste: true });
  await clickAndLeave(byTestId('login-verify'));
  // Verification reloads the home page.
  await expectLandedOn('page-home');
}

/** The cookies a response sets, as `name=value` pairs. */
export function cookiesSetBy(res: Response): string[] {
  // getSetCookie is Node's (18.14 on); TestCafe's compiler checks against an older DOM library that lacks it.
  return (res.headers as Headers & { getSetCookie(): string[] }).getSetCookie().map((line) => line.split(';')[0]!);
}

/** A JSON request to the site as one visitor (`cookie`); fails the journey on any status but `expected`. */
export async function siteJson(method: string, path: string, cookie: string, body: unknown, expected: number[]) {
  const res = await fetch(`${SITE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: SITE, ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return { res, json: (await res.json()) as Record<string, unknown> };
}

/**
 * The session cookie's value for `email`, signed in through the API as the login page does it: a code
 * requested, read from the inbox and verified. For roles: the login page itself is what the admin journeys test,
 * and a role whose sign-in fails once fails every test that uses it (TestCafe keeps a role's first error).
 */
async function sessionFor(email: string): Promise<string> {
  const seen = await inboxIds();
  const asked = await siteJson('POST', '/auth/request-code', '', { email }, [200]);
  const code = await newLoginCodeFor(email, seen);
  // The code is compared only with the nonce cookie its request set, as in the browser that asked.
  const browser = cookiesSetBy(asked.res).join('; ');
  const verified = await siteJson('POST', '/auth/verify-code', browser, { email, code }, [200]);
  const value = cookiesSetBy(verified.res)
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!value) throw new Error(`POST /auth/verify-code for ${email} set no ${SESSION_COOKIE} cookie`);
  return value;
}

/** A role signed in as `email` (sessionFor): the browser gets the session cookie, as the login page's answer sets it. */
function signedInRole(email: string): Role {
  return Role(SITE, async (t) => {
    const value = await sessionFor(email);
    await t.setCookies({
      name: SESSION_COOKIE,
      value,
      domain: new URL(SITE).hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
    });
  });
}

/** The admin, signed in once and reused by every test that needs the back-office. */
export const admin = signedInRole(ADMIN_EMAIL);

/**
 * A fresh browser: no cookies and no storage, as when a mail's link is opened elsewhere. Through
 * `Role.anonymous()` rather than deleting cookies, so a role signed in before keeps its saved sign-in.
 */
export async function freshBrowser(t: TestController) {
  await t.useRole(Role.anonymous());
}

/** The engineer, signed in once and reused by every journey that masters and delivers. */
export const engineer = signedInRole(ENGINEER_EMAIL);

/** Audio files for a fixture: copies of the short test mix under the given names, in a temporary folder. */
export type TrackFiles = { dir: string; tracks: string[] };
export function trackFiles(prefix: string, names: string[]): TrackFiles {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const tracks = names.map((name) => join(dir, name));
  for (const track of tracks) copyFileSync(join(__dirname, 'fixtures', 'short-mix.wav'), track);
  return { dir, tracks };
}

/**
 * Declares a fixture (starting at EMPTY_PAGE) whose tests upload the tracks `names` (made by `trackFiles` before its
 * first test, in `t.fixtureCtx.files`) and removes them after its last. Called from a journey file, as
 * `fixture` itself is (TestCafe's global API is there while the journey's imports load).
 */
export function fixtureWithTracks(name: string, prefix: string, names: string[]): FixtureFn {
  return fixture(name)
    .page(EMPTY_PAGE)
    .before(async (ctx) => {
      ctx.files = trackFiles(prefix, names);
    })
    .after(async (ctx) => rmSync((ctx.files as TrackFiles).dir, { recursive: true, force: true }));
}

/** Ticks the review step's required box (`I agree to the terms and ask you to start work right away`); Pay needs it. */
export async function agreeToTerms(t: TestController) {
  await t.click(byTestId('terms-consent')).expect(byTestId('terms-consent').checked).ok('the terms are agreed');
}

/** Uploads `count` tracks on /upload for `email`, proceeds, agrees to the terms, pays and lands on the sandbox's hosted page. */
export async function checkoutTracks(t: TestController, email: string, count: number) {
  const { tracks } = t.fixtureCtx.files as TrackFiles;
  await t.navigateTo(`${SITE}/upload`);
  await uploadFiles(t, tracks.slice(0, count));
  await checkoutUploads(t, email);
}

/** Chooses `files` on the upload page (open already) and waits until every one of them is uploaded. */
export async function uploadFiles(t: TestController, files: string[]) {
  await t.setFilesToUpload(byTestId('file-input'), files);
  await t.expect(byTestId('upload-item').count).eql(files.length);
  await t
    .expect(byTestId('upload-item').filter('[data-status="completed"]').count)
    .eql(files.length, 'every upload completes');
}

/** On the upload page with its tracks uploaded: gives `email`, proceeds, agrees to the terms, pays and lands on the sandbox's hosted page. */
export async function checkoutUploads(t: TestController, email: string) {
  await t.typeText(byTestId('customer-email'), email, { paste: true });
  // Record any alert (the spec's payment alerts) instead of failing on it, to say what went wrong.
  await t.setNativeDialogHandler(() => true);
  await t.click(byTestId('proceed-to-payment'));
  const refused = byTestId('upload-error');
  await t
    .expect(byTestId('pay-button').exists)
    .ok(`the payment dialog opens (form says: ${(await refused.exists) ? await refused.innerText : 'nothing'})`);
  // Pay leaves the page for the hosted checkout.
  await agreeToTerms(t);
  await clickAndLeave(byTestId('pay-button'));
  const alerts = (await t.getNativeDialogHistory()).map((d) => d.text);
  await t
    .expect(byTestId('sandbox-amount').exists)
    .ok(`the hosted payment page opens (alerts: ${alerts.join(' | ') || 'none'})`);
}

/**
 * An order for `email` with the fixture's first `count` tracks, placed over HTTP by the calls the upload page
 * makes (an upload URL per track, the file sent to it, the order), unpaid; resolves to its id and the visitor's
 * cookie. For journeys whose subject comes after the order is placed: purchase.test.ts clicks through these
 * steps in the browser, and in each other journey the click-through had cost 5-15 s of a loaded CI machine.
 */
export async function orderOverHttp(t: TestController, email: string, count: number) {
  const { tracks } = t.fixtureCtx.files as TrackFiles;
  let cookie = '';
  const files = [];
  for (const track of tracks.slice(0, count)) {
    const { res, json } = await siteJson('POST', '/api/files/upload', cookie, undefined, [200]);
    // The visitor's cookie (set on its first call) ties its uploads to its order.
    cookie ||= cookiesSetBy(res).join('; ');
    const uploadURL = String(json.uploadURL);
    const bytes = readFileSync(track);
    const sent = await fetch(`${SITE}${uploadURL}`, {
      method: 'PUT',
      headers: { 'content-type': 'audio/wav', origin: SITE, cookie },
      body: bytes,
    });
    if (!sent.ok) throw new Error(`PUT ${uploadURL}: ${sent.status} ${await sent.text()}`);
    const name = basename(track);
    files.push({
      originalName: name,
      fileName: name,
      fileSize: bytes.length,
      mimeType: 'audio/wav',
      // The upload URL is an address of the object the order refers to (contracts' objectKeyOfPath reads it).
      originalFilePath: uploadURL,
    });
  }
  // The price is the server's: an order sent without it is refused with the price it would charge (the
  // upload page's "the price has changed"), which the second call confirms.
  const draft = { customerEmail: email, files, termsAccepted: true };
  const unpriced = { subtotal: 0, discount: 0, total: 0, trackCount: count, discountPercent: 0 };
  const quote = await siteJson('POST', '/api/orders', cookie, { ...draft, pricing: unpriced }, [409]);
  const { pricing } = quote.json.details as { pricing: unknown };
  const placed = await siteJson('POST', '/api/orders', cookie, { ...draft, pricing }, [201]);
  return { orderId: (placed.json.order as { id: string }).id, cookie };
}

/**
 * A paid order for `email` (orderOverHttp), paid through a hosted checkout with the sandbox page's Pay form,
 * which answers once the payment's webhook is delivered.
 */
export async function paidOrderOverHttp(t: TestController, email: string, count: number) {
  const { orderId, cookie } = await orderOverHttp(t, email, count);
  const checkout = await siteJson('POST', '/api/payment/create-checkout', cookie, { orderId }, [200]);
  const paid = await fetch(`${String(checkout.json.redirectUrl)}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`Pay on the sandbox page: ${paid.status} ${await paid.text()}`);
}

/** The HTML body of a MailDev message. */
export async function mailHtml(mail: MailDevEmail): Promise<string> {
  return (await fetch(`${INBOX}/api/email/${mail.id}/html`)).text();
}

/** The PDFs attached to a MailDev message: each file's name and bytes (MailDev serves it under a name of its own). */
export async function mailPdfs(mail: MailDevEmail): Promise<{ filename: string; pdf: Buffer }[]> {
  type Attachment = { filename: string; generatedFileName: string; contentType: string };
  const detail = (await (await fetch(`${INBOX}/api/email/${mail.id}`)).json()) as { attachments?: Attachment[] };
  const pdfs = (detail.attachments ?? []).filter((a) => a.contentType === 'application/pdf');
  return Promise.all(
    pdfs.map(async (a) => {
      const res = await fetch(`${INBOX}/api/email/${mail.id}/attachment/${encodeURIComponent(a.generatedFileName)}`);
      return { filename: a.filename, pdf: Buffer.from(await res.arrayBuffer()) };
    }),
  );
}

/** The order page link of a mail (its "View your order" button), on the site under test. */
export async function orderLinkOf(customer: string, subject: string, seen: Set<string>): Promise<string> {
  const html = await mailHtml(await newMailFor(customer, subject, seen));
  const link = html.match(/href="([^"]*\/orders\/[^"?]+\?t=[^"]+)"/)?.[1];
  if (!link) throw new Error(`The "${subject}" mail has no order page link`);
  return link.replace(/&amp;/g, '&').replace(/^https?:\/\/[^/]+/, SITE);
}

/** Opens the customer's order in the admin Orders screen (the signed-in staff member's), by its customer's email. */
export async function openAdminOrder(t: TestController, customer: string) {
  await t.navigateTo(`${SITE}/admin/orders`);
  await t.typeText(byTestId('orders-search'), customer, { replace: true, paste: true });
  // The search asks the server once typing pauses: the row is clicked once the list shows only this
  // customer's orders, not while the unfiltered one is about to be replaced under the pointer.
  const rows = byTestId('order-row');
  await t.expect(rows.withText(customer).exists).ok();
  const otherCustomers = rows.filter((row) => !row.textContent?.includes(customer), { customer });
  await t.expect(otherCustomers.exists).notOk('the orders list never showed only the searched customer');
  await t.click(rows.withText(customer));
  await t.expect(byTestId('order-dialog').exists).ok();
}

/** As the engineer: attach `master` to the customer's track in Audio Files, then deliver the order in Orders. */
export async function masterAndDeliver(t: TestController, customer: string, master: string) {
  await t.useRole(engineer);
  await t.navigateTo(`${SITE}/admin/files`);
  await t.typeText(byTestId('files-search'), customer, { replace: true, paste: true });
  await t.expect(byTestId('file-row').count).eql(1);
  await t.click(byTestId('file-row'));
  await t.setFilesToUpload(byTestId('master-file-input'), [master]);
  await t.expect(byTestId('toast').withText('Mastered file uploaded successfully!').exists).ok();
  await t.pressKey('esc');
  await openAdminOrder(t, customer);
  await t.click(byTestId('order-new-status')).click(Selector('[role="option"]').withText('Delivered'));
  await t.click(byTestId('order-update-status'));
  await t.expect(byTestId('toast').withText('Order status updated successfully!').exists).ok();
}
