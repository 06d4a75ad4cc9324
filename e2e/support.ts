import { ClientFunction, Role, Selector, t } from 'testcafe';

export const SITE = process.env.E2E_SITE_URL ?? 'http://127.0.0.1:18080';
export const BROKEN_SITE = process.env.E2E_BROKEN_SITE_URL ?? 'http://127.0.0.1:18081';
export const INBOX = process.env.E2E_INBOX_URL ?? 'http://127.0.0.1:11080';
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@example.com';

export const byTestId = (id: string) => Selector(`[data-testid="${id}"]`);
export const htmlClass = ClientFunction(() => document.documentElement.className);
export const reload = ClientFunction(() => window.location.reload());

type MailDevEmail = { id: string; subject: string; text: string; date: string; to: { address: string }[] };

/**
 * The newest login code MailDev received for `email` after `since`. Mail is sent by a background job,
 * so this asks the inbox until the message is there (bounded, never a fixed sleep).
 */
export async function loginCodeFor(email: string, since: number): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${INBOX}/api/email`);
    const mails = (await res.json()) as MailDevEmail[];
    const mail = mails
      .filter((m) => m.to.some((to) => to.address.toLowerCase() === email) && new Date(m.date).getTime() >= since - 1000)
      .sort((a, b) => new Date(b.date).getTime() - new Date(a.date).getTime())[0];
    const code = mail?.subject.match(/(\d{6})/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No login code for ${email} arrived in MailDev within 30 s`);
}

/** Signs in through /login with the code from the inbox, as a person would. */
export async function logInAs(email: string, site = SITE) {
  await t.navigateTo(`${site}/login`);
  const since = Date.now();
  await t.typeText(byTestId('login-email'), email, { replace: true }).click(byTestId('login-send'));
  await t.expect(byTestId('login-code').exists).ok();
  const code = await loginCodeFor(email, since);
  await t.typeText(byTestId('login-code'), code).click(byTestId('login-verify'));
  // Verification reloads the home page.
  await t.expect(byTestId('page-home').exists).ok();
}

/** The admin, signed in once and reused by every test that needs the back-office. */
export const admin = Role(`${SITE}/login`, async () => logInAs(ADMIN_EMAIL), { preserveUrl: false });
