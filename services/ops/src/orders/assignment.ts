// Who works an order and by when: staff take an order or let it go, and say when they expect to deliver.
// The storefront owns orders (issue 52): it checks and writes; ops answers with the order as staff see it.
import type { Knex } from 'knex';
import type { AdminOrder, AssignOrderBody, ExpectedAtBody, Identity } from '@mastering/contracts';
import type { StorefrontWrites } from '../storefront-writes';
import { orderDetail } from './queries';

type Deps = { knex: Knex; storefront: StorefrontWrites };

/**
 * PATCH /api/admin/orders/:id/assignee: the caller takes the order ('me') or lets it go ('nobody').
 * An engineer cannot take or release an order another staff member holds (409 / 403); an admin can.
 */
export async function assignOrder(
  deps: Deps,
  id: string,
  body: AssignOrderBody,
  caller: Identity,
): Promise<AdminOrder> {
  await deps.storefront.assign(caller, id, body);
  return (await orderDetail(deps.knex, id)).order;
}

/**
 * PATCH /api/admin/orders/:id/expected-at: the engineer's expected delivery time for the current round
 * (null clears it). It becomes the order's due time (promiseOf); a time past the round's promise is a
 * delay, so the customer is told at once with the new time (once per round).
 */
export async function setExpectedAt(
  deps: Deps,
  id: string,
  body: ExpectedAtBody,
  caller: Identity,
): Promise<AdminOrder> {
  await deps.storefront.setExpectedAt(caller, id, body);
  return (await orderDetail(deps.knex, id)).order;
}

/**
 * POST /api/admin/orders/:id/revoke-links: every order-page link of the order stops working and the
 * customer is mailed the one that works now (the storefront does both in one transaction).
 */
export async function revokeOrderLinks(deps: Deps, id: string, caller: Identity): Promise<AdminOrder> {
  await deps.storefront.revokeLinks(caller, id);
  return (await orderDetail(deps.knex, id)).order;
}
