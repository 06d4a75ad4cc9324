import type {
  IdParam,
  OrderViewQuery,
  RateOrderBody,
  ReplaceTrackBody,
  RevisionRequestBody,
} from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { visitorOf, type GuestCookieOptions } from '../visitor';
import { replaceTrack, type ReplaceDeps } from './replace';
import { customerOrderView, rateOrderFromPage, requestRevision, type OrderPageDeps } from './service';

type RevisionBody = Omit<RevisionRequestBody, 'atSeconds'> & { atSeconds: number | null };

/** GET /api/orders/:id/view?t= — public (the mailed link is the permission); the customer's order page. */
export const getOrderView = (deps: OrderPageDeps) => async (ctx: RouteContext<undefined, OrderViewQuery, IdParam>) => {
  ctx.body = await customerOrderView(deps, ctx.state.params.id, ctx.state.query.t);
};

/** POST /api/orders/:id/revisions — public (the link in the body is the permission); asks for a revision (201). */
export const postRevision = (deps: OrderPageDeps) => async (ctx: RouteContext<RevisionBody, undefined, IdParam>) => {
  ctx.status = 201;
  ctx.body = await requestRevision(deps, ctx.state.params.id, ctx.state.body);
};

/** POST /api/orders/:id/rating — public (the link in the body is the permission); rates the delivered masters (201). */
export const postRating =
  (deps: OrderPageDeps) => async (ctx: RouteContext<Required<RateOrderBody>, undefined, IdParam>) => {
    ctx.status = 201;
    ctx.body = await rateOrderFromPage(deps, ctx.state.params.id, ctx.state.body);
  };

/**
 * POST /api/orders/:id/replacements — public (the link in the body is the permission, the upload must be
 * this browser's); points a flagged track at its new upload and answers the page.
 */
export const postReplacement =
  (page: OrderPageDeps, files: ReplaceDeps['files'], cookie: GuestCookieOptions) =>
  async (ctx: RouteContext<ReplaceTrackBody, undefined, IdParam>) => {
    ctx.body = await replaceTrack({ ...page, files }, ctx.state.params.id, visitorOf(ctx, cookie), ctx.state.body);
  };
