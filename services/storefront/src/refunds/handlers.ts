import type { Knex } from 'knex';
import type {
  AnswerRefundRequestBody,
  CreateRefundBody,
  CreateRefundRequestBody,
  IdParam,
  Identity,
  RefundRequestsQuery,
} from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import type { RouteContext } from '@mastering/service-kit';
import { assertOrderLink } from '../order-page/service';
import { limitRefundRequest, type RequestLimiters } from '../request-limits';
import {
  answerRefundRequest,
  countRefundRequests,
  listRefundRequests,
  requestRefund,
  type RefundRequestDeps,
} from './requests';
import { issueRefund, orderRefunds, type RefundDeps } from './service';

/** GET /api/admin/refunds/orders/:id — admin; the order's refunds and what is left to refund. */
export const getOrderRefunds = (deps: RefundDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await orderRefunds(deps.knex, ctx.state.params.id);
};

/** POST /api/admin/refunds/orders/:id — admin; issues a refund through Yoco (201, pending until its webhook). */
export const postOrderRefund =
  (deps: RefundDeps) => async (ctx: RouteContext<CreateRefundBody, undefined, IdParam>) => {
    // Admin routes run only with an identity (the route's permission).
    const refund = await issueRefund(deps, ctx.state.params.id, ctx.state.body, ctx.state.identity as Identity);
    ctx.status = 201;
    ctx.body = refund;
  };

/**
 * POST /api/orders/:id/refund-request — public (the link's token in the body is the permission); 201, mailing
 * the admins and the customer, or 429 past the requests one order may send a day (counted once the link is
 * checked, so only its holder uses them up).
 */
export const postRefundRequest =
  (deps: RefundRequestDeps, limits: RequestLimiters) =>
  async (ctx: RouteContext<CreateRefundRequestBody, undefined, IdParam>) => {
    const { id } = ctx.state.params;
    await assertOrderLink(deps.knex, deps.orderLinks, id, ctx.state.body.token);
    await limitRefundRequest(ctx, limits, id);
    ctx.status = 201;
    ctx.body = await requestRefund(deps, id, ctx.state.body);
  };

/** GET /api/admin/refund-requests?orderId=&state= — staff; one order's requests or every order's, open ones first. */
export const getRefundRequests =
  (deps: { knex: Knex; now?: () => Date }) => async (ctx: RouteContext<undefined, RefundRequestsQuery>) => {
    ctx.body = await listRefundRequests(deps, ctx.state.query);
  };

/** GET /api/admin/refund-requests/count — staff; the open requests and the overdue among them (the sidebar's and dashboard's count). */
export const getRefundRequestCount = (deps: { knex: Knex; now?: () => Date }) => async (ctx: RouteContext) => {
  ctx.body = await countRefundRequests(deps);
};

/** POST /api/admin/refund-requests/:id/answer — admin; records the decision and answer and mails them to the customer. */
export const postRefundRequestAnswer =
  (deps: { knex: Knex; queue: Queue; now?: () => Date }) =>
  async (ctx: RouteContext<AnswerRefundRequestBody, undefined, IdParam>) => {
    ctx.body = await answerRefundRequest(deps, ctx.state.params.id, ctx.state.body, ctx.state.identity as Identity);
  };
