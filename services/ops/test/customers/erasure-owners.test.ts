import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerErasure } from '@mastering/contracts';
import type { TableOwner } from '@mastering/db';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { ownerErasureRoute } from '@mastering/orders';
import { createLogger, createService } from '@mastering/service-kit';
import { identityHeaders, serveOverHttp, type Served, tempFolder } from '@mastering/service-kit/testing';
import { createLocalStorage, type ObjectStorage } from '@mastering/storage';
import { ERASED_EMAIL, type EraseAtOwner, erasePerson } from '../../src/customers/erasure';
import { type OwnerUrls, ownersOverHttp } from '../../src/customers/erasure-owners';
import { ago, SECRET, seedOrder, storefrontOwner, type StorefrontOwner } from '../support';

// Issue 52: erasure goes through the owners. Ops' coordinator asks each owner of the person's tables
// to erase them (the storefront, content and email services over their signed internal route), and a
// run cut off midway finishes when run again, with nothing erased twice and nothing left.
let db: TestDatabase;
/** The storefront's internal routes, which write the orders and files (issue 52). */
let owner: StorefrontOwner;
let storage: ObjectStorage;
let folder: { dir: string; remove(): Promise<void> };
const served: Served[] = [];
const urls = {} as OwnerUrls;

beforeAll(async () => {
  db = await createTestDatabase();
  owner = await storefrontOwner(db.knex);
  folder = await tempFolder('erasure-owners');
  storage = createLocalStorage(folder.dir);
  // Each owner as its service mounts it: only the internal erasure route, signed like every call.
  for (const name of ['storefront', 'content', 'email'] as const) {
    const app = createService({
      name,
      knex: db.knex,
      identitySecret: SECRET,
      logger: createLogger(name, 'silent'),
      routes: [],
      internal: [ownerErasureRoute(db.knex, name)],
    });
    served.push(await serveOverHttp(app));
    urls[name] = served.at(-1)!.base;
  }
});
afterAll(async () => {
  await owner?.close();
  for (const server of served) await server.close();
  await db?.destroy();
  await folder?.remove();
});

/** A person with an order and an open deletion request (storefront) and a mail (email). */
async function seedPerson(email: string) {
  const orderId = await seedOrder(db.knex, { email, status: 'delivered', totalCents: 100, at: ago(3) });
  await db.knex('emailMessages').insert({ toEmail: email, fromEmail: 'studio@example.com', subject: 'Hi', text: 'Hi' });
  await db.knex('deletionRequests').insert({ email });
  return orderId;
}

/** What is left of the person: their order's address, their mail's address, their open request, the run. */
async function leftOf(email: string, orderId: string) {
  return {
    order: (await db.knex('orders').where('id', orderId).first()).customerEmail,
    mails: await db.knex('emailMessages').whereRaw('lower(to_email) = ?', [email]).count({ n: '*' }).first(),
    openRequests: await db.knex('deletionRequests').whereRaw('lower(email) = ?', [email]).whereNull('completedAt'),
    runs: await db.knex('erasures').where({ email }),
  };
}

describe('erasure through the owners', () => {
  it('asks each owner over its internal route, signed, and leaves nothing of the person', async () => {
    const orderId = await seedPerson('lerato@example.com');
    const owners = ownersOverHttp({ knex: db.knex, urls, keys: SECRET });
    expect(
      await erasePerson({ knex: db.knex, storage, owners, storefront: owner.writes }, 'Lerato@example.com', null),
    ).toBe(1);
    expect(await leftOf('lerato@example.com', orderId)).toEqual({
      order: ERASED_EMAIL,
      mails: { n: '0' },
      openRequests: [],
      runs: [],
    });
  });

  it('refuses an erasure no admin signed: the route is not open to the gateway’s callers', async () => {
    const body = JSON.stringify({ person: {}, by: null, at: new Date() });
    const post = (headers: Record<string, string>) =>
      fetch(`${urls.storefront}/internal/erasure`, { method: 'POST', headers, body });
    expect((await post({ 'content-type': 'application/json' })).status).toBe(401);
    const customer = await identityHeaders(SECRET, 'customer');
    expect((await post({ 'content-type': 'application/json', ...customer })).status).toBe(403);
  });

  it('resumes a run cut off midway: the owners done are not asked again, the rest finish it', async () => {
    const orderId = await seedPerson('sipho@example.com');
    const http = ownersOverHttp({ knex: db.knex, urls, keys: SECRET });
    const asked: TableOwner[] = [];
    const crashingAt =
      (stop: TableOwner | null): EraseAtOwner =>
      async (owner: TableOwner, request: OwnerErasure) => {
        if (owner === stop) throw new Error('ops stopped');
        asked.push(owner);
        await http(owner, request);
      };

    const deps = { knex: db.knex, storage, storefront: owner.writes };
    await expect(erasePerson({ ...deps, owners: crashingAt('storefront') }, 'sipho@example.com', null)).rejects.toThrow(
      'ops stopped',
    );
    const midway = await leftOf('sipho@example.com', orderId);
    expect(midway.mails).toEqual({ n: '0' });
    expect(midway.order).toBe('sipho@example.com');
    expect(midway.runs.map((run) => run.ownersDone)).toEqual([['email', 'content', 'ops', 'jobs']]);

    asked.length = 0;
    expect(await erasePerson({ ...deps, owners: crashingAt(null) }, 'sipho@example.com', null)).toBe(1);
    expect(asked).toEqual(['storefront']);
    expect(await leftOf('sipho@example.com', orderId)).toEqual({
      order: ERASED_EMAIL,
      mails: { n: '0' },
      openRequests: [],
      runs: [],
    });

    // Once more: nothing of the person is found, nothing changes.
    asked.length = 0;
    expect(await erasePerson({ ...deps, owners: crashingAt(null) }, 'sipho@example.com', null)).toBe(0);
    expect(await db.knex('orders').where('id', orderId).first()).toMatchObject({ customerEmail: ERASED_EMAIL });
  });
});
