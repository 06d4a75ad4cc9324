import type { Knex } from 'knex';
import { eraseOwnedRows } from '@mastering/orders';
import { IDENTITY_HEADER, type Secrets, signIdentity } from '@mastering/service-kit';
import type { EraseAtOwner } from './erasure';

// How the erasure coordinator reaches each owner: the other services over their internal route
// (POST /internal/erasure, signed with the identity header as the gateway signs, for the admin who
// completed the request), ops' own tables and agenda's queue (written by every service that queues)
// here.

/** Where the owners that are other services listen (ops' STOREFRONT_URL, CONTENT_URL, EMAIL_URL). */
export type OwnerUrls = { storefront: string; content: string; email: string };

/** Who signs an erasure nobody in particular asked for (a test, a script). */
const COORDINATOR = 'erasure-coordinator';

/** The owners' erasure: other services over HTTP, ops and the queue in this process. */
export function ownersOverHttp(deps: { knex: Knex; urls: OwnerUrls; keys: Secrets }): EraseAtOwner {
  return async (owner, request) => {
    if (owner === 'ops' || owner === 'jobs') {
      await eraseOwnedRows(deps.knex, owner, request);
      return;
    }
    if (!(owner in deps.urls)) throw new Error(`No service owns ${owner}'s tables to erase them`);
    const identity = { userId: request.by ?? COORDINATOR, email: '', role: 'admin', sessionId: '' } as const;
    const res = await fetch(new URL('/internal/erasure', deps.urls[owner as keyof OwnerUrls]), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: await signIdentity(identity, deps.keys) },
      body: JSON.stringify(request),
    });
    if (!res.ok) throw new Error(`The ${owner} service did not erase the person: ${res.status} ${await res.text()}`);
  };
}
