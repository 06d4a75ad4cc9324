// Issue 51 Deliver 2: nobody can guess a sign-in code by spreading guesses over many client addresses,
// and nobody can lock the owner out. 10,000 clients, each from its own IPv6 /64 (a /48 holds 65,536),
// come through the gateway (one trusted proxy in front, so X-Forwarded-For names the client as a load
// balancer would), each asks for a code of its own for one address (mailed to the owner) and guesses it
// from its own browser: the strongest use of any number of addresses. At most
// LOGIN_LIMITS.wrongCodesPerEmailPerDay codes are compared for the address, so the odds are at most that
// many in 1,000,000 a day. The owner then signs in by the mail's link, through the same gateway.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_OR_EXPIRED_CODE, LOGIN_CODE_LENGTH } from '@mastering/contracts';
import { createLogger } from '@mastering/service-kit';
import { tempFolder } from '@mastering/service-kit/testing';
// The gateway decides who the client is (forwarded headers); the simulation goes through it for real.
import { createGateway } from '../../../gateway/src/app';
import { readGatewayConfig } from '../../../gateway/src/config';
import { LOGIN_LIMITS } from '../../src/auth/rate-limits';
import { SECRET, storefrontPerFile, TestBrowser } from '../support';

/** Client addresses in the login attack (GUESS_BOUND_CLIENTS may lower it for a quick run on a busy machine). */
const ATTACKERS = Number(process.env.GUESS_BOUND_CLIENTS ?? 10_000);
/** Client addresses in the data-access attack: the same proveCode and the same per-address count as login. */
const DATA_ATTACKERS = Math.min(ATTACKERS, 1_000);
/** Requests in flight at once: enough to race the count, few enough for a shared CI machine. */
const PARALLEL = 24;
/** Codes compared for one address a day, whatever the number of clients. */
const BOUND = LOGIN_LIMITS.wrongCodesPerEmailPerDay;

const ctx = storefrontPerFile();
let gateway: Server;
let site: string;
let apps: Awaited<ReturnType<typeof tempFolder>>;

beforeAll(async () => {
  apps = await tempFolder('guess-bound-apps');
  const upstream = ctx.site.base;
  const config = readGatewayConfig({
    DATABASE_URL: ctx.db.connectionString,
    IDENTITY_SECRET: SECRET,
    STOREFRONT_URL: upstream,
    OPS_URL: upstream,
    CONTENT_URL: upstream,
    EMAIL_URL: upstream,
    APPS_ROOT: apps.dir,
    TRUST_PROXY_HOPS: '1',
  });
  gateway = createServer(
    createGateway({ config, knex: ctx.db.knex, logger: createLogger('guess-bound-gateway', 'silent') }).callback(),
  );
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => gateway?.close(resolve));
  await apps?.remove();
});

/** Client `i`'s address: its own /64 of 2001:db8::/32, as the proxy in front reports it. */
const addressOf = (i: number) => `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`;

/** Runs `task` for 0..count-1, PARALLEL at a time; answers the results in order. */
async function inParallel<T>(count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return results;
}

type Outcome = { asked: number; status: number; error?: string };

/**
 * `clients` clients each ask for a code for `email` at `paths.request` and send one guess at
 * `paths.verify` from the same browser (cookies kept). Answers each client's outcome.
 */
async function attack(
  email: string,
  paths: { request: string; verify: string },
  clients = ATTACKERS,
): Promise<Outcome[]> {
  return inParallel(clients, async (i) => {
    const browser = new TestBrowser(site, addressOf(i));
    const asked = await browser.post(paths.request, { email });
    await asked.arrayBuffer();
    // A guess the client cannot know to be wrong: spread over the code space.
    const guess = String((i * 7919) % 10 ** LOGIN_CODE_LENGTH).padStart(LOGIN_CODE_LENGTH, '0');
    const res = await browser.post(paths.verify, { email, code: guess });
    const body = (await res.json()) as { error?: string };
    return { asked: asked.status, status: res.status, error: body.error };
  });
}

/**
 * What the attack got: successes, and the guesses the server compared with a code. Every client held a
 * fresh code of its own in its browser, so an answer other than a refusal (429) is a comparison: a
 * sign-in (200) or the wrong-code answer (400).
 */
function tally(outcomes: Outcome[]) {
  const successes = outcomes.filter((o) => o.status === 200).length;
  const wrong = outcomes.filter((o) => o.status === 400 && o.error === INVALID_OR_EXPIRED_CODE).length;
  const refused = outcomes.filter((o) => o.status === 429).length;
  return { successes, compared: successes + wrong, refused, other: outcomes.length - successes - wrong - refused };
}

/** The wrong guesses the server counted against the address's codes (login_codes.attempts). */
async function countedGuesses(email: string): Promise<number> {
  const row = await ctx.db.knex('login_codes').where({ email }).sum({ n: 'attempts' }).first();
  return Number(row?.n ?? 0);
}

describe('client addresses, each from its own /64, guessing one address through the gateway', () => {
  it(`${ATTACKERS.toLocaleString('en')} get at most the bound of login guesses compared, none succeeds, and the owner still signs in by the link`, async () => {
    expect(BOUND / 10 ** LOGIN_CODE_LENGTH).toBeLessThanOrEqual(1 / 1_000_000);
    const email = 'owner@example.com';
    await ctx.db.knex('users').insert({ email, role: 'admin', isActive: true });
    const outcomes = await attack(email, { request: '/auth/request-code', verify: '/auth/verify-code' });
    // Each client's first code of the hour is mailed: all 10,000 clients aimed at a code of their own.
    expect(outcomes.filter((o) => o.asked === 200)).toHaveLength(ATTACKERS);
    const { successes, compared, refused, other } = tally(outcomes);
    expect({ successes, other }).toEqual({ successes: 0, other: 0 });
    expect(compared).toBeLessThanOrEqual(BOUND);
    expect(compared + refused).toBe(ATTACKERS);
    expect(await countedGuesses(email)).toBe(compared);

    // The owner, in their own browser: today their code is not compared (the budget is spent), but
    // the one-time link of the mail they just got signs them in, and the session works through the gateway.
    const owner = new TestBrowser(site, '203.0.113.50');
    expect((await owner.post('/auth/request-code', { email })).status).toBe(200);
    const { code, linkToken } = ctx.site.queued.at(-1)!.data.data;
    expect((await owner.post('/auth/verify-code', { email, code })).status).toBe(429);
    const linked = await owner.post('/auth/verify-link', { token: linkToken });
    expect(linked.status).toBe(200);
    expect((await (await owner.get('/api/auth/me')).json()).user).toMatchObject({ email, role: 'admin' });
    // After the day's window (moved here, not waited for), the owner's code works in their browser again.
    await ctx.db
      .knex('rate_limits')
      .where('key', 'like', `%:${email}`)
      .update({ expire: Date.now() - 1 });
    expect((await owner.post('/auth/request-code', { email })).status).toBe(200);
    const next = ctx.site.queued.at(-1)!.data.data.code;
    expect((await owner.post('/auth/verify-code', { email, code: next })).status).toBe(200);
  }, 600_000);

  it(`${DATA_ATTACKERS.toLocaleString('en')} get at most the bound of data-access guesses compared, and the owner still proves the address by the link`, async () => {
    const email = 'guest@example.com';
    const outcomes = await attack(
      email,
      { request: '/api/your-data/request-code', verify: '/api/your-data/verify-code' },
      DATA_ATTACKERS,
    );
    const { successes, compared, refused, other } = tally(outcomes);
    expect({ successes, other }).toEqual({ successes: 0, other: 0 });
    expect(compared).toBeLessThanOrEqual(BOUND);
    expect(compared + refused).toBe(DATA_ATTACKERS);
    expect(await countedGuesses(email)).toBe(compared);

    const owner = new TestBrowser(site, '203.0.113.51');
    expect((await owner.post('/api/your-data/request-code', { email })).status).toBe(200);
    const { code, linkToken } = ctx.site.queued.at(-1)!.data.data;
    expect((await owner.post('/api/your-data/verify-code', { email, code })).status).toBe(429);
    expect((await owner.post('/api/your-data/verify-link', { token: linkToken })).status).toBe(200);
    expect(await (await owner.get('/api/your-data/proof')).json()).toEqual({ email, via: 'code' });
  }, 600_000);
});
