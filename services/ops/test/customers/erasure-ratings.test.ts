import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@mastering/db/testing';
import { tempFolder } from '@mastering/service-kit/testing';
import { createLocalStorage } from '@mastering/storage';
import { erasePerson } from '../../src/customers/erasure';
import { ago, inProcessOwners, seedOrder, storefrontOwner, type StorefrontOwner } from '../support';

// POPIA deletion and ratings (issue 27): the stars stay in the average, the words and the consent go.
let db: TestDatabase;
/** The storefront's internal routes, which write the orders and files (issue 52). */
let owner: StorefrontOwner;
let folder: { dir: string; remove(): Promise<void> };
beforeAll(async () => {
  db = await createTestDatabase();
  owner = await storefrontOwner(db.knex);
  folder = await tempFolder('erasure-ratings');
});
afterAll(async () => {
  await owner?.close();
  await db?.destroy();
  await folder?.remove();
});

it('erasing a person blanks their rating comment and consent, keeping the stars', async () => {
  const rate = async (email: string) => {
    const orderId = await seedOrder(db.knex, { email, status: 'delivered', totalCents: 1, at: ago(3) });
    await db.knex('orderRatings').insert({ orderId, stars: 5, comment: `I am ${email}`, publishConsent: true });
    return orderId;
  };
  const theirs = await rate('thandi@example.com');
  const stranger = await rate('sipho@example.com');
  await erasePerson(
    {
      knex: db.knex,
      storage: createLocalStorage(folder.dir),
      owners: inProcessOwners(db.knex),
      storefront: owner.writes,
    },
    'Thandi@example.com',
    null,
  );
  expect(await db.knex('orderRatings').where({ orderId: theirs }).first()).toMatchObject({
    stars: 5,
    comment: '',
    publishConsent: false,
  });
  expect(await db.knex('orderRatings').where({ orderId: stranger }).first()).toMatchObject({
    comment: 'I am sipho@example.com',
    publishConsent: true,
  });
});
