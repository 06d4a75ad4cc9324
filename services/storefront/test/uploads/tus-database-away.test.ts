// The database away (restarting) while a tus upload goes on: the storefront answers 503, as every
// other route does, so the client tries again, not 500 (tus's own answer to an error it does not know).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, freePort } from '@mastering/db';
import { startStorefront, type Storefront } from '../support';

let storefront: Storefront;
let knex: ReturnType<typeof createKnex>;

beforeAll(async () => {
  // Nothing listens there: every query is refused, as while PostgreSQL restarts.
  const connectionString = `postgres://postgres:postgres@127.0.0.1:${await freePort()}/mastering`;
  knex = createKnex(connectionString);
  storefront = await startStorefront({ connectionString, knex });
});
afterAll(async () => {
  await storefront?.close();
  await knex?.destroy();
});

describe('a tus upload while the database is away', () => {
  it('is answered 503 on creation, HEAD and PATCH, so the client tries again once it is back', async () => {
    const url = `${storefront.base}/uploads/00000000-0000-4000-8000-000000000001`;
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await fetch(url, { method: 'POST', headers: { ...tus, 'upload-length': '16' } });
    expect(created.status).toBe(503);
    const head = await fetch(url, { method: 'HEAD', headers: tus });
    expect(head.status).toBe(503);
    const patch = await fetch(url, {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: Buffer.alloc(16),
    });
    expect(patch.status).toBe(503);
    expect(await patch.text()).toBe('Service temporarily unavailable\n');
  });
});
