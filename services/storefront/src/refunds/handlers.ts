import type { CreateRefundBody, IdParam, Identity } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { issueRefund, orderRefunds, type RefundDeps } from './service';

/** GET /api/admin/orders/:id/refunds — admin; the order's refunds and what is left to refund. */
export const getOrderRefunds = (deps: RefundDeps) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await orderRefunds(deps.knex, ctx.state.params.id);
};

/** POST /api/admin/orders/:id/refunds — admin; issues a refund through Yoco (201, pending until its webhook). */
export const postOrderRefund =
  (deps: RefundDeps) => async (ctx: RouteContext<CreateRefundBody, undefined, IdParam>) => {
    // Admin routes run only with an identity (the route's permission).
    const refund = await issueRefund(deps, ctx.state.params.id, ctx.state.body, ctx.state.identity as Identity);
    ctx.status = 201;
    ctx.body = refund;
  };
