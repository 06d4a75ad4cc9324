import { beforeEach, describe, expect, it } from 'vitest';
import {
  CODE_FROM_OTHER_BROWSER,
  CODE_GUESSES_SPENT,
  DATA_CODE_SENT,
  DATA_PROOF_NEEDED,
  DELETION_REQUESTED,
  INVALID_OR_EXPIRED_CODE,
  INVALID_OR_EXPIRED_LINK,
} from '@mastering/contracts';
import { storefrontPerFile, TestBrowser } from '../support';

// POPIA rights without an account (issue 26 Deliver 5): a guest proves their address with an emailed
// data-access code, downloads what is held about it and asks for deletion; no users row is ever made.
const GUEST = 'Lerato@Example.com';
const ctx = storefrontPerFile(
  () => ({}),
  async (db) => {
    for (const customerEmail of [GUEST, 'someone@example.com'])
      await db.knex('orders').insert({
        customerEmail,
        status: 'delivered',
        unitPriceCents: 32_400,
        trackCount: 1,
        subtotalCents: 32_400,
        totalCents: 32_400,
      });
  },
);

// Each test speaks from its own client address and browser, so the per-address limits of one do not leak into another.
let nextClient = 1;
const newBrowser = () => new TestBrowser(ctx.site.base, `198.51.100.${nextClient++}`);
let client: TestBrowser;
beforeEach(() => {
  client = newBrowser();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}, from: TestBrowser = client) =>
  from.post(path, body, headers);

/** The code and link token of the newest data-access mail, checking it went to `email`. */
function lastMail(email: string): { code: string; linkToken: string } {
  const mail = ctx.site.queued.at(-1)!;
  expect(mail.data).toMatchObject({ to: email.toLowerCase(), template: 'data-access-code' });
  return mail.data.data;
}

/** Asks for a data-access code for `email` from `from` and answers the code from the mail the storefront queued. */
async function mailedCode(email: string, from: TestBrowser = client): Promise<string> {
  const res = await post('/api/your-data/request-code', { email }, {}, from);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ message: DATA_CODE_SENT });
  return lastMail(email).code;
}

/** The proof cookie (`data_access=...`) a response set, ready for a Cookie header. */
function proofCookieFrom(res: Response): string {
  const match = /(?:^|,\s*)(data_access=[^;]+)/.exec(res.headers.get('set-cookie') ?? '');
  if (!match) throw new Error('no proof cookie');
  return match[1]!;
}

const usersOf = (email: string) => ctx.db.knex('users').whereRaw('lower(email) = ?', [email.toLowerCase()]);

describe('Your data without an account', () => {
  it('a guest verifies by code, exports and asks for deletion, and no account is made', async () => {
    const code = await mailedCode(GUEST);
    const verified = await post('/api/your-data/verify-code', { email: GUEST, code });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ email: 'lerato@example.com', via: 'code' });
    const setCookie = (verified.headers.get('set-cookie') ?? '').toLowerCase();
    expect(setCookie).toContain('httponly');
    expect(setCookie).toContain('samesite=strict');
    expect(setCookie).toContain('path=/api/your-data');
    expect(setCookie).not.toMatch(/(^|,\s*)sid=/);
    const cookie = proofCookieFrom(verified);

    const proof = await fetch(`${ctx.site.base}/api/your-data/proof`, { headers: { cookie } });
    expect(await proof.json()).toEqual({ email: 'lerato@example.com', via: 'code' });

    const exported = await fetch(`${ctx.site.base}/api/your-data`, { headers: { cookie } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('your-data.json');
    const data = await exported.json();
    expect(data.email).toBe('lerato@example.com');
    expect(data.orders.map((o: { customerEmail: string }) => o.customerEmail)).toEqual([GUEST]);

    const deletion = await post('/api/your-data/deletion', {}, { cookie });
    expect(deletion.status).toBe(202);
    expect(await deletion.json()).toEqual({ message: DELETION_REQUESTED });
    expect(await ctx.db.knex('deletionRequests').whereRaw('lower(email) = ?', ['lerato@example.com'])).toHaveLength(1);

    expect(await usersOf(GUEST)).toEqual([]);
    expect(await ctx.db.knex('sessions')).toEqual([]);
  });

  it('refuses a wrong code and a used one, with the login’s message, and proves nothing; the mail’s link still proves the address', async () => {
    const email = 'wrong.code@example.com';
    const code = await mailedCode(email);
    const { linkToken } = lastMail(email);
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await post('/api/your-data/verify-code', { email, code: wrong });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: INVALID_OR_EXPIRED_CODE });
    expect(refused.headers.get('set-cookie')).toBeNull();
    // The wrong code spent the address's guess for the day (shared with login) and that code died.
    const fresh = await mailedCode(email);
    const spent = await post('/api/your-data/verify-code', { email, code: fresh });
    expect(spent.status).toBe(429);
    expect(await spent.json()).toEqual({ error: CODE_GUESSES_SPENT });
    // The first mail's link proves the address, once, from any browser.
    const phone = newBrowser();
    const linked = await post('/api/your-data/verify-link', { token: linkToken }, {}, phone);
    expect(linked.status).toBe(200);
    expect(await linked.json()).toEqual({ email, via: 'code' });
    const proof = await fetch(`${ctx.site.base}/api/your-data/proof`, { headers: { cookie: proofCookieFrom(linked) } });
    expect(await proof.json()).toEqual({ email, via: 'code' });
    const again = await post('/api/your-data/verify-link', { token: linkToken }, {}, phone);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: INVALID_OR_EXPIRED_LINK });
    expect(await usersOf(email)).toEqual([]);
  });

  it('compares a data-access code only for the browser that asked for it, and a used one never again', async () => {
    const email = 'bound.data@example.com';
    const code = await mailedCode(email);
    const other = newBrowser();
    const elsewhere = await post('/api/your-data/verify-code', { email, code }, {}, other);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toEqual({ error: CODE_FROM_OTHER_BROWSER });
    expect(elsewhere.headers.get('set-cookie')).toBeNull();
    expect((await post('/api/your-data/verify-code', { email, code })).status).toBe(200);
    const again = await post('/api/your-data/verify-code', { email, code });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: INVALID_OR_EXPIRED_CODE });
  });

  it('keeps a login link and a data-access link apart', async () => {
    await mailedCode('links.apart@example.com');
    const dataLink = lastMail('links.apart@example.com').linkToken;
    expect((await post('/auth/verify-link', { token: dataLink })).status).toBe(400);
    expect(await usersOf('links.apart@example.com')).toEqual([]);
    await post('/auth/request-code', { email: 'links.apart@example.com' });
    const loginLink = ctx.site.queued.at(-1)!.data.data.linkToken;
    expect((await post('/api/your-data/verify-link', { token: loginLink })).status).toBe(400);
  });

  it('refuses an expired code', async () => {
    const code = await mailedCode('late@example.com');
    await ctx.db
      .knex('loginCodes')
      .where({ email: 'late@example.com' })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post('/api/your-data/verify-code', { email: 'late@example.com', code });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: INVALID_OR_EXPIRED_CODE });
  });

  it('keeps login codes and data-access codes apart', async () => {
    const dataCode = await mailedCode('apart@example.com');
    expect((await post('/auth/verify-code', { email: 'apart@example.com', code: dataCode })).status).toBe(400);
    expect(await usersOf('apart@example.com')).toEqual([]);
    await post('/auth/request-code', { email: 'apart@example.com' });
    const loginCode = ctx.site.queued.at(-1)!.data.data.code;
    expect(ctx.site.queued.at(-1)!.data.template).toBe('login-code');
    expect((await post('/api/your-data/verify-code', { email: 'apart@example.com', code: loginCode })).status).toBe(
      400,
    );
  });

  it('answers 401 with how to prove the address when there is no proof or a forged one', async () => {
    const forged = { cookie: 'data_access=eyJlbWFpbCI6ImxlcmF0b0BleGFtcGxlLmNvbSJ9AAAA' };
    for (const headers of [{}, forged] as Record<string, string>[]) {
      const res = await fetch(`${ctx.site.base}/api/your-data`, { headers });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: DATA_PROOF_NEEDED });
      const proof = await fetch(`${ctx.site.base}/api/your-data/proof`, { headers });
      expect(await proof.json()).toEqual({ email: null, via: null });
    }
    expect((await post('/api/your-data/deletion', {})).status).toBe(401);
  });

  it('counts data-access code requests with the login’s own limits', async () => {
    // The per-(email, client) request limit is shared: login codes and data codes draw on one count.
    for (let i = 0; i < 5; i += 1) await post('/auth/request-code', { email: 'limits@example.com' });
    const res = await post('/api/your-data/request-code', { email: 'limits@example.com' });
    expect(res.status).toBe(429);
  });
});
