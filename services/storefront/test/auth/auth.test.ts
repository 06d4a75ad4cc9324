import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@mastering/db/testing';
import { hashToken, IDENTITY_HEADER, signIdentity } from '@mastering/service-kit';
import type { QueuedJob } from '@mastering/service-kit/testing';
import {
  CODE_FROM_OTHER_BROWSER,
  CODE_GUESSES_SPENT,
  DEFAULT_SECURITY_SETTINGS,
  INVALID_OR_EXPIRED_LINK,
} from '@mastering/contracts';
import { FREE_CODES_PER_CLIENT, LOGIN_LIMITS } from '../../src/auth/rate-limits';
import { GUESSES_PER_CODE } from '../../src/auth/service';
import { SECRET, startStorefront, storefrontPerFile, TestBrowser } from '../support';

// The queue is the boundary to the email service; here it records what would be mailed.
const ctx = storefrontPerFile();
let db: TestDatabase;
let base: string;
let queued: QueuedJob[];
beforeAll(() => {
  ({ db } = ctx);
  ({ base, queued } = ctx.site);
});
beforeEach(() => {
  queued.length = 0;
});

// Each test speaks from its own client address and browser, so the per-address limits of one do not leak into another.
let nextClient = 1;
const newBrowser = (address = `192.0.2.${nextClient++}`) => new TestBrowser(base, address);
let client: TestBrowser;
beforeEach(() => {
  client = newBrowser();
});

const post = (path: string, body: unknown, from: TestBrowser = client) => from.post(path, body);

/** The code and sign-in link token of the newest login mail, checking it went to `email`. */
function lastMail(email: string): { code: string; linkToken: string } {
  const mail = queued.at(-1)!;
  expect(mail).toMatchObject({ name: 'email.send', data: { to: email.toLowerCase(), template: 'login-code' } });
  return mail.data.data;
}

async function requestCode(email: string, from: TestBrowser = client): Promise<string> {
  const res = await post('/auth/request-code', { email }, from);
  expect(res.status).toBe(200);
  return lastMail(email).code;
}

/** The address's guess budget as counted (rate_limits row), 0 when none is spent. */
async function guessesSpent(email: string): Promise<number> {
  const row = await db
    .knex('rate_limits')
    .where({ key: `login-guess-email:${email}` })
    .first();
  return row && Number(row.expire) > Date.now() ? row.points : 0;
}

/** A six-digit guess that is none of `codes`. */
const wrongFor = (...codes: string[]) =>
  ['000000', '000001', '000002', '000003', '000004', '000005', '000006'].find((c) => !codes.includes(c))!;

describe('login by emailed code', () => {
  it('rejects a missing or malformed email and queues nothing', async () => {
    expect((await post('/auth/request-code', { email: '' })).status).toBe(400);
    expect((await post('/auth/request-code', { email: 'not-an-email' })).status).toBe(400);
    expect(queued).toHaveLength(0);
  });

  it('sends a 6-digit code and a one-time link, stored only as hashes, and binds the code to the browser by an HttpOnly SameSite=Strict cookie', async () => {
    const res = await post('/auth/request-code', { email: 'Thandi@Example.com' });
    const { code, linkToken } = lastMail('thandi@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(linkToken).toMatch(/^[\w-]{43}$/);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('code_browser='))!;
    expect(cookie.toLowerCase()).toContain('httponly');
    expect(cookie.toLowerCase()).toContain('samesite=strict');
    expect(cookie.toLowerCase()).toContain('path=/auth');
    const nonce = client.cookies.get('code_browser')!;
    expect(nonce).toMatch(/^[\w-]{43}$/);
    const rows = await db.knex('login_codes').where({ email: 'thandi@example.com' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ browserHash: hashToken(nonce), linkHash: hashToken(linkToken) });
    for (const secret of [code, nonce, linkToken]) expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('creates a customer and a session on the right code; the cookie is httpOnly and SameSite=Lax', async () => {
    const code = await requestCode('new.artist@example.com');
    const res = await post('/auth/verify-code', { email: 'new.artist@example.com', code });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ email: 'new.artist@example.com', role: 'customer', isActive: 'true' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/^sid=[\w-]{40,};/);
    expect(cookie.toLowerCase()).toContain('httponly');
    expect(cookie.toLowerCase()).toContain('samesite=lax');
    const token = /^sid=([^;]+)/.exec(cookie)![1];
    const session = await db
      .knex('sessions')
      .where({ tokenHash: hashToken(token) })
      .first();
    expect(session.userId).toBe(body.user.id);
    // Single use: the same code does not work twice.
    const again = await post('/auth/verify-code', { email: 'new.artist@example.com', code });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'Invalid or expired code' });
    // A right code spends none of the day's guess: signing in again the same day works.
    expect(await guessesSpent('new.artist@example.com')).toBe(0);
    const next = await requestCode('new.artist@example.com');
    expect((await post('/auth/verify-code', { email: 'new.artist@example.com', code: next })).status).toBe(200);
  });

  it('keeps the role of an existing user (the seeded admin stays admin)', async () => {
    await db.knex('users').insert({ email: 'boss@example.com', role: 'admin', isActive: true });
    const code = await requestCode('boss@example.com');
    const res = await post('/auth/verify-code', { email: 'boss@example.com', code });
    expect((await res.json()).user.role).toBe('admin');
  });

  it('compares a code only for the browser that asked for it: elsewhere even the right code is refused and spends no guess', async () => {
    const email = 'bound@example.com';
    const code = await requestCode(email);
    // Another browser at the same address, and one elsewhere: neither holds the nonce.
    for (const other of [newBrowser(client.address), newBrowser()]) {
      const res = await post('/auth/verify-code', { email, code }, other);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: CODE_FROM_OTHER_BROWSER });
    }
    // A browser that asked for a code of its own cannot use it for this one either.
    const stranger = newBrowser();
    const own = await requestCode(email, stranger);
    if (own !== code) expect((await post('/auth/verify-code', { email, code }, stranger)).status).toBe(400);
    expect(await guessesSpent(email)).toBe(own !== code ? 1 : 0);
    await db
      .knex('rate_limits')
      .where({ key: `login-guess-email:${email}` })
      .delete();
    expect((await post('/auth/verify-code', { email, code })).status).toBe(200);
  });

  it('compares one wrong code a day per address: the code dies, the right one is refused with 429, and the mail’s link still signs in', async () => {
    const email = 'typo@example.com';
    const code = await requestCode(email);
    const { linkToken } = lastMail(email);
    const wrong = await post('/auth/verify-code', { email, code: wrongFor(code) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: 'Invalid or expired code' });
    expect(await guessesSpent(email)).toBe(LOGIN_LIMITS.wrongCodesPerEmailPerDay);
    expect((await db.knex('login_codes').where({ email }).first()).attempts).toBe(GUESSES_PER_CODE);

    // A fresh code from the same browser is not compared today.
    const fresh = await requestCode(email);
    const refused = await post('/auth/verify-code', { email, code: fresh });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: CODE_GUESSES_SPENT });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);

    // The first mail's link works from any browser, once.
    const phone = newBrowser();
    const res = await post('/auth/verify-link', { token: linkToken }, phone);
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email, role: 'customer' });
    expect(phone.cookies.get('sid')).toBeTruthy();
    const again = await post('/auth/verify-link', { token: linkToken }, phone);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: INVALID_OR_EXPIRED_LINK });
    // Signing in used up every pending code and link of the address.
    expect(await db.knex('login_codes').where({ email }).whereNull('consumedAt')).toEqual([]);

    // A day later (the count's window has passed) a code is compared again.
    await db
      .knex('rate_limits')
      .where({ key: `login-guess-email:${email}` })
      .update({ expire: Date.now() - 1 });
    const next = await requestCode(email);
    expect((await post('/auth/verify-code', { email, code: next })).status).toBe(200);
  });

  it('refuses a malformed, unknown or expired link with a clear message and signs nobody in', async () => {
    for (const token of ['', 'short', 'x'.repeat(44)]) {
      const res = await post('/auth/verify-link', { token });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: INVALID_OR_EXPIRED_LINK });
    }
    const unknown = await post('/auth/verify-link', { token: 'A'.repeat(43) });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: INVALID_OR_EXPIRED_LINK });
    await requestCode('late.link@example.com');
    const { linkToken } = lastMail('late.link@example.com');
    await db
      .knex('login_codes')
      .where({ email: 'late.link@example.com' })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post('/auth/verify-link', { token: linkToken })).status).toBe(400);
    expect(await db.knex('users').where({ email: 'late.link@example.com' })).toEqual([]);
  });

  it('gives a browser one code at a time: its newest works, an earlier one’s link still does, an expired code does not', async () => {
    const email = 'late@example.com';
    await requestCode(email);
    const first = lastMail(email);
    const second = await requestCode(email);
    expect((await post('/auth/verify-code', { email, code: second })).status).toBe(200);
    // Signing in used up the earlier mail too.
    expect((await post('/auth/verify-link', { token: first.linkToken })).status).toBe(400);

    const fresh = await requestCode(email);
    await db
      .knex('login_codes')
      .where({ email })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post('/auth/verify-code', { email, code: fresh })).status).toBe(400);
    // Nothing was compared: an expired code spends no guess.
    expect(await guessesSpent(email)).toBe(0);
  });

  it('answers /api/auth/me from the signed identity, and logout ends the session', async () => {
    expect(await (await fetch(`${base}/api/auth/me`)).json()).toEqual({ user: null });
    const code = await requestCode('me@example.com');
    const verified = await (await post('/auth/verify-code', { email: 'me@example.com', code })).json();
    const session = await db.knex('sessions').where({ userId: verified.user.id }).first();
    const header = await signIdentity(
      { userId: verified.user.id, email: 'me@example.com', role: 'customer', sessionId: session.id },
      SECRET,
    );
    const me = await (await fetch(`${base}/api/auth/me`, { headers: { [IDENTITY_HEADER]: header } })).json();
    expect(me.user).toMatchObject({ id: verified.user.id, email: 'me@example.com' });
    const out = await fetch(`${base}/auth/logout`, { method: 'POST', headers: { [IDENTITY_HEADER]: header } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^sid=;/);
    expect(await db.knex('sessions').where({ id: session.id }).first()).toBeUndefined();
  });
});

describe('login rate limits', () => {
  it('allows five codes per email and client address per hour, then answers 429 with Retry-After and sends nothing more', async () => {
    for (let i = 0; i < LOGIN_LIMITS.codesPerEmailClientPerHour; i++) await requestCode('flood@example.com');
    const res = await post('/auth/request-code', { email: 'Flood@Example.com' });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({
      error: 'Too many login codes requested. Please wait a few minutes and try again.',
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(queued).toHaveLength(LOGIN_LIMITS.codesPerEmailClientPerHour);
  });

  it('counts tries per client: after five that compared nothing, that client is refused even its right code, another is not', async () => {
    const email = 'guess@example.com';
    const code = await requestCode(email);
    const elsewhere = newBrowser(client.address); // same address, no nonce: nothing is compared
    for (let i = 0; i < DEFAULT_SECURITY_SETTINGS.maxLoginAttempts; i++) {
      const res = await post('/auth/verify-code', { email, code }, elsewhere);
      expect(res.status).toBe(400);
    }
    const locked = await post('/auth/verify-code', { email, code });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ error: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner elsewhere, with a code of their own, is not refused.
    const owner = newBrowser();
    expect((await post('/auth/verify-code', { email, code: await requestCode(email, owner) }, owner)).status).toBe(200);
  });

  it('does not let requests and wrong codes from another client keep the admin out', async () => {
    await db.knex('users').insert({ email: 'admin@example.com', role: 'admin', isActive: true });
    const admin = newBrowser();
    const attacker = newBrowser();
    const perClient = LOGIN_LIMITS.codesPerEmailClientPerHour;
    for (let i = 0; i < perClient + 3; i++) {
      expect((await post('/auth/request-code', { email: 'admin@example.com' }, attacker)).status).toBe(
        i < perClient ? 200 : 429,
      );
    }
    // A guess that is none of the codes issued, so every try is a wrong one. The attacker's browser holds
    // the nonce of its newest code: its first guess is compared (the day's guess of the address is spent
    // and that code dies), the others compare nothing, until its own tries are used up.
    const issued = queued.map((mail) => mail.data.data.code);
    const guess = wrongFor(...issued);
    const tries = DEFAULT_SECURITY_SETTINGS.maxLoginAttempts;
    for (let i = 0; i < tries + 3; i++) {
      expect((await post('/auth/verify-code', { email: 'admin@example.com', code: guess }, attacker)).status).toBe(
        i < tries ? 400 : 429,
      );
    }

    // The admin's first request of the hour is mailed whatever others asked for; its code is not
    // compared today, but its one-time link signs the admin in.
    const code = await requestCode('admin@example.com', admin);
    expect((await post('/auth/verify-code', { email: 'admin@example.com', code }, admin)).status).toBe(429);
    const res = await post('/auth/verify-link', { token: lastMail('admin@example.com').linkToken }, admin);
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email: 'admin@example.com', role: 'admin' });
  });

  it("never refuses a client's first code of the hour for what others requested; beyond it the shared per-email cap holds", async () => {
    const email = 'shared@example.com';
    const perClient = LOGIN_LIMITS.codesPerEmailClientPerHour;
    const greedy = newBrowser();
    for (let i = 0; i < perClient; i++) await requestCode(email, greedy);
    // Refused by the client's own limits: these must not count against the address.
    for (let i = 0; i < 10; i++) expect((await post('/auth/request-code', { email }, greedy)).status).toBe(429);
    // Each client's codes after its free first one count against the address.
    const others = LOGIN_LIMITS.codesPerEmailPerHour / (perClient - FREE_CODES_PER_CLIENT) - 1;
    for (let c = 0; c < others; c++) {
      const other = newBrowser();
      for (let i = 0; i < perClient; i++) await requestCode(email, other);
    }
    expect(queued).toHaveLength((others + 1) * perClient);
    const late = newBrowser();
    await requestCode(email, late); // its first: issued although the address's count is used up
    expect((await post('/auth/request-code', { email }, late)).status).toBe(429);
  });

  it('limits each client address, and a forged X-Forwarded-For entry does not get around it', async () => {
    // The gateway appends the real address last; whatever a client puts before it is ignored.
    const from = (i: number) => newBrowser(`198.51.100.${i}, 203.0.113.7`);
    for (let i = 0; i < LOGIN_LIMITS.requestsPerIpPer10Min; i++)
      expect((await post('/auth/request-code', { email: `ip${i}@example.com` }, from(i))).status).toBe(200);
    expect((await post('/auth/request-code', { email: 'ip-last@example.com' }, from(99))).status).toBe(429);
    // Another address is unaffected.
    expect((await post('/auth/request-code', { email: 'other@example.com' }, newBrowser('203.0.113.8'))).status).toBe(
      200,
    );
  });

  it('counts an IPv6 client by its /64, so changing address within it gets no more tries', async () => {
    const asker = newBrowser('2001:db8:6:6::1');
    const code = await requestCode('six@example.com', asker);
    for (let i = 0; i < DEFAULT_SECURITY_SETTINGS.maxLoginAttempts; i++) {
      const res = await post(
        '/auth/verify-code',
        { email: 'six@example.com', code },
        newBrowser(`2001:db8:6:6::${i + 2}`),
      );
      expect(res.status).toBe(400);
    }
    // Even the browser that asked is refused now: its /64 has used its tries.
    expect((await post('/auth/verify-code', { email: 'six@example.com', code }, asker)).status).toBe(429);
    // The tries compared nothing (no nonce), so they did not touch the code.
    expect((await db.knex('login_codes').where({ email: 'six@example.com' }).first()).attempts).toBe(0);
  });
});

describe('the Security settings an admin saves', () => {
  const saveSecurity = (value: object) =>
    db
      .knex('settings')
      .insert({ key: 'security', value: JSON.stringify({ ...DEFAULT_SECURITY_SETTINGS, ...value }) })
      .onConflict('key')
      .merge();
  afterAll(() => db.knex('settings').where({ key: 'security' }).delete());

  it('makes a new session, and its cookie, last the session timeout, by code and by link', async () => {
    await saveSecurity({ sessionTimeout: 2 });
    const code = await requestCode('short@example.com');
    const before = Date.now();
    const res = await post('/auth/verify-code', { email: 'short@example.com', code });
    expect(res.status).toBe(200);
    const { user } = await res.json();
    const session = await db.knex('sessions').where({ userId: user.id }).first();
    const hours = (new Date(session.expiresAt).getTime() - before) / 3_600_000;
    expect(hours).toBeGreaterThan(1.99);
    expect(hours).toBeLessThan(2.01);
    // The cookie ends with the session (to the second: the Expires attribute has no milliseconds).
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
    const expires = new Date(/expires=([^;]+)/i.exec(sid)![1]!).getTime();
    expect(Math.abs(expires - new Date(session.expiresAt).getTime())).toBeLessThan(2000);

    await requestCode('short@example.com');
    const linked = await post('/auth/verify-link', { token: lastMail('short@example.com').linkToken });
    const sessions = await db.knex('sessions').where({ userId: user.id }).orderBy('createdAt', 'desc');
    expect(linked.status).toBe(200);
    expect((new Date(sessions[0].expiresAt).getTime() - before) / 3_600_000).toBeLessThan(2.01);
  });

  it('lets one client make "max login attempts" tries an hour, whatever they compare', async () => {
    const max = 2;
    await saveSecurity({ maxLoginAttempts: max });
    const email = 'strict@example.com';
    const code = await requestCode(email);
    const guesser = newBrowser(client.address);
    for (let i = 0; i < max; i++) expect((await post('/auth/verify-code', { email, code }, guesser)).status).toBe(400);
    expect((await post('/auth/verify-code', { email, code })).status).toBe(429);
    // Another client's tries count on their own: the owner's code works from elsewhere too, but only
    // in the browser that asked, so the owner asks again there.
    const owner = newBrowser();
    expect((await post('/auth/verify-code', { email, code: await requestCode(email, owner) }, owner)).status).toBe(200);
  });
});

describe('login that cannot be jammed', () => {
  const email = 'jam@example.com';
  let attackers: TestBrowser[];
  let owner: TestBrowser;
  beforeEach(() => {
    attackers = [2, 3, 4, 5, 6].map((n) => newBrowser(`127.0.0.${n}`));
    owner = newBrowser('127.0.0.1');
  });
  const verify = (code: string, from: TestBrowser, to = email) => post('/auth/verify-code', { email: to, code }, from);

  it('signs the owner in from their browser after all the code requests and nonce-less wrong codes five others may send', async () => {
    for (const from of attackers)
      for (let i = 0; i < LOGIN_LIMITS.codesPerEmailClientPerHour; i++) await requestCode(email, from);
    const wrong = wrongFor(...queued.map((mail) => mail.data.data.code as string));
    // Guesses sent without the attackers' cookies compare nothing and spend no guess of the address.
    for (const from of attackers) {
      from.cookies.clear();
      for (let i = 0; i < DEFAULT_SECURITY_SETTINGS.maxLoginAttempts; i++)
        expect((await verify(wrong, from)).status).toBe(400);
      expect((await verify(wrong, from)).status).toBe(429);
    }
    expect(await guessesSpent(email)).toBe(0);
    // The owner's first request of the hour is issued whatever others asked for, and their code works.
    const fresh = await requestCode(email, owner);
    const res = await verify(fresh, owner);
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email });
  });

  it('lets guessers aim only at codes they asked for, compares one guess a day in all, and the owner still signs in by the link', async () => {
    const target = 'target@example.com';
    const mine = await requestCode(target, owner);
    const { linkToken } = lastMail(target);
    // Each attacker asks for a code of its own (mailed to the owner) and guesses it from its browser.
    const statuses: number[] = [];
    for (const from of attackers) {
      const theirs = await requestCode(target, from);
      statuses.push((await verify(wrongFor(theirs, mine), from, target)).status);
    }
    expect(statuses).toEqual([400, 429, 429, 429, 429]);
    expect(
      (await db.knex('login_codes').where({ email: target }).sum({ compared: 'attempts' }).first())!.compared,
    ).toBe('1');
    // The owner's code was never a target; today it is not compared, but the owner's link signs in.
    expect((await db.knex('login_codes').where({ email: target }).orderBy('createdAt').first()).attempts).toBe(0);
    expect((await verify(mine, owner, target)).status).toBe(429);
    expect((await post('/auth/verify-link', { token: linkToken }, owner)).status).toBe(200);
  });
});

describe('an HTTPS site behind a TLS-terminating proxy', () => {
  it('sets Secure session and code cookies although the last hop is plain HTTP, and never spends a code for a 500', async () => {
    const tls = await startStorefront(db, { PUBLIC_URL: 'https://studio.example' });
    try {
      const browser = new TestBrowser(tls.base, client.address);
      const asked = await browser.post('/auth/request-code', { email: 'secure@example.com' });
      expect(asked.headers.get('set-cookie')!.toLowerCase()).toContain('; secure');
      const code = tls.queued.at(-1)!.data.data.code;
      const res = await browser.post('/auth/verify-code', { email: 'secure@example.com', code });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')!.toLowerCase()).toContain('; secure');
    } finally {
      await tls.close();
    }
  });
});

describe('session activity', () => {
  it('notes when a session was last used, at most once a minute', async () => {
    const code = await requestCode('seen@example.com');
    const { user } = await (await post('/auth/verify-code', { email: 'seen@example.com', code })).json();
    const session = await db.knex('sessions').where({ userId: user.id }).first();
    expect(session.lastSeenAt).toBeNull();
    const identity = await signIdentity(
      { userId: user.id, email: 'seen@example.com', role: 'customer', sessionId: session.id },
      SECRET,
    );
    await fetch(`${base}/api/auth/me`, { headers: { [IDENTITY_HEADER]: identity } });
    const first = (await db.knex('sessions').where({ id: session.id }).first()).lastSeenAt;
    expect(first).not.toBeNull();
    await fetch(`${base}/api/auth/me`, { headers: { [IDENTITY_HEADER]: identity } });
    expect((await db.knex('sessions').where({ id: session.id }).first()).lastSeenAt).toEqual(first);
  });
});
