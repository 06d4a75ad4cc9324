import type { IdParam, OrderViewQuery, ReleaseAnswer } from '@mastering/contracts';
import { Release } from '@mastering/db';
import type { RouteContext } from '@mastering/service-kit';
import { assertOrderLink, MEDIA_LINK_HOURS, type OrderPageDeps } from './service';

/**
 * The order's release as its customer sees it (issue 55): running order, gaps, anchor, notes and the
 * references, each with a short-lived link that plays it (not its storage path). Null for an order of
 * singles; 403 without the link.
 */
export async function customerRelease(deps: OrderPageDeps, orderId: string, token: string): Promise<ReleaseAnswer> {
  await assertOrderLink(deps.knex, deps.orderLinks, orderId, token);
  const release = (await Release.ofOrder(deps.knex, orderId))?.toApi();
  if (!release) return { release: null };
  const until = new Date((deps.now?.() ?? new Date()).getTime() + MEDIA_LINK_HOURS * 3_600_000);
  const references = release.references.map((r) => ({
    ...r,
    filePath: null,
    url: r.filePath ? `/api/downloads/file/${deps.downloads.sign({ reference: r.id }, until)}` : null,
  }));
  return { release: { ...release, references } };
}

/** GET /api/orders/:id/release?t= — public (the mailed link is the permission); the order's release. */
export const getCustomerRelease =
  (deps: OrderPageDeps) => async (ctx: RouteContext<undefined, OrderViewQuery, IdParam>) => {
    ctx.body = await customerRelease(deps, ctx.state.params.id, ctx.state.query.t);
  };
