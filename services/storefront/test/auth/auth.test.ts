import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@mastering/db/testing';
import { hashToken, IDENTITY_HEADER, signIdentity } from '@mastering/service-kit';
import type { QueuedJob } from '@mastering/service-kit/testing';
import { DEFAULT_SECURITY_SETTINGS } from '@mastering/contracts';
import { FREE_CODES_PER_CLIENT, LOGIN_LIMITS } from '../../src/auth/rate-limits';
import { FOREIGN_GUESSES_PER_CODE, LIVE_CODES } from '../../src/auth/service';
import { SECRET, startStorefront, storefrontPerFile } from '../support';

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

const post = (path: string, body: unknown, headers: Record<string, string> = client) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

// Each test speaks from its own client address, so the per-address limits of one do not leak into another.
let nextClient = 1;
const newClient = () => ({ 'x-forwarded-for': `192.0.2.${nextClient++}` });
let client = newClient();
beforeEach(() => {
  client = newClient();
});

async function requestCode(email: string, from: Record<string, string> = client): Promise<string> {
  const res = await post('/auth/request-code', { email }, from);
  expect(res.status).toBe(200);
  const mail = queued.at(-1)!;
  expect(mail).toMatchObject({ name: 'email.send', data: { to: email.toLowerCase(), template: 'login-code' } });
  return mail.data.data.code;
}

describe('login by emailed code', () => {
  it('rejects a missing or malformed email and queues nothing', async () => {
    expect((await post('/auth/request-code', { email: '' })).status).toBe(400);
    expect((await post('/auth/request-code', { email: 'not-an-email' })).status).toBe(400);
    expect(queued).toHaveLength(0);
  });

  it('sends a 6-digit code, stored only as a keyed hash', async () => {
    const code = await requestCode('Thandi@Example.com');
    expect(code).toMatch(/^\d{6}$/);
    const rows = await db.knex('login_codes').where({ email: 'thandi@example.com' });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('creates a customer and a session on the right code; the cookie is httpOnly and SameSite=Lax', async () => {
    const code = await requestCode('new.artist@example.com');
    const res = await post('/auth/verify-code', { email: 'new.artist@example.com', code });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user).toMatchObject({ email: 'new.artist@example.com', role: 'customer', isActive: 'true' });
    const cookie = res.headers.get('set-cookie')!;
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
  });

  it('keeps the role of an existing user (the seeded admin stays admin)', async () => {
    await db.knex('users').insert({ email: 'boss@example.com', role: 'admin', isActive: true });
    const code = await requestCode('boss@example.com');
    const res = await post('/auth/verify-code', { email: 'boss@example.com', code });
    expect((await res.json()).user.role).toBe('admin');
  });

  it('counts wrong codes per client: after five, that client is refused even the right code, another is not', async () => {
    const code = await requestCode('guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < DEFAULT_SECURITY_SETTINGS.maxLoginAttempts; i++) {
      const res = await post('/auth/verify-code', { email: 'guess@example.com', code: wrong });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Invalid or expired code' });
    }
    const locked = await post('/auth/verify-code', { email: 'guess@example.com', code });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ error: 'Too many attempts. Please wait a few minutes and try again.' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post('/auth/verify-code', { email: 'guess@example.com', code }, newClient())).status).toBe(200);
  });

  it('keeps the three newest codes valid, retires older ones, and refuses an expired code', async () => {
    const codes = [];
    for (let i = 0; i < LIVE_CODES + 1; i++) codes.push(await requestCode('late@example.com'));
    // Codes that still verify never repeat one another, so the oldest is refused whatever its digits.
    expect(new Set(codes).size).toBe(codes.length);
    expect((await post('/auth/verify-code', { email: 'late@example.com', code: codes[0] })).status).toBe(400);
    // Not only the newest: the second-newest code works too, and the login uses up the others.
    expect((await post('/auth/verify-code', { email: 'late@example.com', code: codes[2] })).status).toBe(200);
    expect((await post('/auth/verify-code', { email: 'late@example.com', code: codes[3] })).status).toBe(400);

    const fresh = await requestCode('late@example.com');
    await db
      .knex('login_codes')
      .where({ email: 'late@example.com' })
      .update({ expiresAt: new Date(Date.now() - 1000) });
    expect((await post('/auth/verify-code', { email: 'late@example.com', code: fresh })).status).toBe(400);
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
    const out = await post('/auth/logout', {}, { [IDENTITY_HEADER]: header });
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

  it('does not let requests and wrong codes from another client keep the admin out', async () => {
    await db.knex('users').insert({ email: 'admin@example.com', role: 'admin', isActive: true });
    const admin = newClient();
    const attacker = newClient();
    const perClient = LOGIN_LIMITS.codesPerEmailClientPerHour;
    for (let i = 0; i < perClient + 3; i++) {
      expect((await post('/auth/request-code', { email: 'admin@example.com' }, attacker)).status).toBe(
        i < perClient ? 200 : 429,
      );
    }
    // A guess that is none of the codes issued, so every try is a wrong one.
    const issued = new Set(queued.map((mail) => mail.data.data.code));
    const guess = ['000000', '000001', '000002', '000003', '000004', '000005'].find((c) => !issued.has(c))!;
    const tries = DEFAULT_SECURITY_SETTINGS.maxLoginAttempts;
    for (let i = 0; i < tries + 3; i++) {
      expect((await post('/auth/verify-code', { email: 'admin@example.com', code: guess }, attacker)).status).toBe(
        i < tries ? 400 : 429,
      );
    }

    const code = await requestCode('admin@example.com', admin);
    const res = await post('/auth/verify-code', { email: 'admin@example.com', code }, admin);
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email: 'admin@example.com', role: 'admin' });
  });

  it("never refuses a client's first code of the hour for what others requested; beyond it the shared per-email cap holds", async () => {
    const email = 'shared@example.com';
    const perClient = LOGIN_LIMITS.codesPerEmailClientPerHour;
    const greedy = newClient();
    for (let i = 0; i < perClient; i++) await requestCode(email, greedy);
    // Refused by the client's own limits: these must not count against the address.
    for (let i = 0; i < 10; i++) expect((await post('/auth/request-code', { email }, greedy)).status).toBe(429);
    // Each client's codes after its free first one count against the address.
    const others = LOGIN_LIMITS.codesPerEmailPerHour / (perClient - FREE_CODES_PER_CLIENT) - 1;
    for (let c = 0; c < others; c++) {
      const other = newClient();
      for (let i = 0; i < perClient; i++) await requestCode(email, other);
    }
    expect(queued).toHaveLength((others + 1) * perClient);
    const late = newClient();
    await requestCode(email, late); // its first: issued although the address's count is used up
    expect((await post('/auth/request-code', { email }, late)).status).toBe(429);
  });

  it('limits each client address, and a forged X-Forwarded-For entry does not get around it', async () => {
    // The gateway appends the real address last; whatever a client puts before it is ignored.
    const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` });
    for (let i = 0; i < LOGIN_LIMITS.requestsPerIpPer10Min; i++)
      expect((await post('/auth/request-code', { email: `ip${i}@example.com` }, from(i))).status).toBe(200);
    expect((await post('/auth/request-code', { email: 'ip-last@example.com' }, from(99))).status).toBe(429);
    // Another address is unaffected.
    expect(
      (await post('/auth/request-code', { email: 'other@example.com' }, { 'x-forwarded-for': '203.0.113.8' })).status,
    ).toBe(200);
  });

  it('counts an IPv6 client by its /64, so changing address within it gets no more tries', async () => {
    const code = await requestCode('six@example.com', { 'x-forwarded-for': '2001:db8:6:6::1' });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < DEFAULT_SECURITY_SETTINGS.maxLoginAttempts; i++) {
      expect(
        (
          await post(
            '/auth/verify-code',
            { email: 'six@example.com', code: wrong },
            { 'x-forwarded-for': `2001:db8:6:6::${i + 2}` },
          )
        ).status,
      ).toBe(400);
    }
    expect(
      (
        await post(
          '/auth/verify-code',
          { email: 'six@example.com', code },
          { 'x-forwarded-for': '2001:db8:6:6:abcd::9' },
        )
      ).status,
    ).toBe(429);
    // The guesses were its own: the code was requested within the same /64, so they did not burn it for elsewhere.
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

  it('makes a new session, and its cookie, last the session timeout', async () => {
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
    const expires = new Date(/expires=([^;]+)/i.exec(res.headers.get('set-cookie')!)![1]!).getTime();
    expect(Math.abs(expires - new Date(session.expiresAt).getTime())).toBeLessThan(2000);
  });

  it('lets one client enter "max login attempts" wrong codes; a code takes only a few guesses from elsewhere', async () => {
    const max = 2;
    await saveSecurity({ maxLoginAttempts: max });
    const email = 'strict@example.com';
    const code = await requestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const guesser = newClient();
    for (let i = 0; i < max; i++)
      expect((await post('/auth/verify-code', { email, code: wrong }, guesser)).status).toBe(400);
    expect((await post('/auth/verify-code', { email, code }, guesser)).status).toBe(429);
    // Another client's wrong guesses use up what the code takes from elsewhere...
    const other = newClient();
    for (let i = 0; i < max; i++)
      expect((await post('/auth/verify-code', { email, code: wrong }, other)).status).toBe(400);
    expect(2 * max).toBeGreaterThanOrEqual(FOREIGN_GUESSES_PER_CODE);
    // ...so even the right code no longer works from another address, but still does from the owner's.
    expect((await post('/auth/verify-code', { email, code }, newClient())).status).toBe(400);
    expect((await post('/auth/verify-code', { email, code }, client)).status).toBe(200);
  });
});

describe('login that cannot be jammed', () => {
  const email = 'jam@example.com';
  const attackers = [2, 3, 4, 5, 6].map((n) => ({ 'x-forwarded-for': `127.0.0.${n}` }));
  const owner = { 'x-forwarded-for': '127.0.0.1' };
  const wrongFor = (codes: string[]) =>
    ['000000', '000001', '000002', '000003', '000004', '000005', '000006'].find((c) => !codes.includes(c))!;
  const verify = (code: string, from: Record<string, string>) => post('/auth/verify-code', { email, code }, from);

  it('signs the owner in from their address after all the wrong codes (and code requests) five others may send', async () => {
    // Five other addresses ask for all the codes they may and send all the wrong ones they may.
    for (const from of attackers)
      for (let i = 0; i < LOGIN_LIMITS.codesPerEmailClientPerHour; i++) await requestCode(email, from);
    const issued = queued.map((mail) => mail.data.data.code as string);
    const wrong = wrongFor(issued);
    for (const from of attackers) {
      for (let i = 0; i < DEFAULT_SECURITY_SETTINGS.maxLoginAttempts; i++)
        expect((await verify(wrong, from)).status).toBe(400);
      expect((await verify(wrong, from)).status).toBe(429);
    }
    // The owner's first request of the hour is issued whatever others asked for, and their code works.
    const fresh = await requestCode(email, owner);
    const res = await verify(fresh, owner);
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email });
  });

  it('lets a code take at most a few wrong guesses from other addresses, then only its own address may use it', async () => {
    const target = 'target@example.com';
    const code = await requestCode(target, owner);
    const wrong = wrongFor([code]);
    for (let i = 0; i < FOREIGN_GUESSES_PER_CODE; i++)
      expect(
        (await post('/auth/verify-code', { email: target, code: wrong }, attackers[i % attackers.length])).status,
      ).toBe(400);
    const row = await db.knex('login_codes').where({ email: target }).first();
    expect(row.attempts).toBe(FOREIGN_GUESSES_PER_CODE);
    // The right code typed elsewhere is refused now, and does not count as another guess.
    expect((await post('/auth/verify-code', { email: target, code }, attackers[4])).status).toBe(400);
    expect((await db.knex('login_codes').where({ email: target }).first()).attempts).toBe(FOREIGN_GUESSES_PER_CODE);
    expect((await post('/auth/verify-code', { email: target, code }, owner)).status).toBe(200);
  });
});

describe('an HTTPS site behind a TLS-terminating proxy', () => {
  it('sets a Secure session cookie although the last hop is plain HTTP, and never spends a code for a 500', async () => {
    const tls = await startStorefront(db, { PUBLIC_URL: 'https://studio.example' });
    try {
      const url = tls.base;
      await (
        await fetch(`${url}/auth/request-code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...client },
          body: JSON.stringify({ email: 'secure@example.com' }),
        })
      ).text();
      const code = tls.queued.at(-1)!.data.data.code;
      const res = await fetch(`${url}/auth/verify-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...client },
        body: JSON.stringify({ email: 'secure@example.com', code }),
      });
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
