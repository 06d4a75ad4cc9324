import getRawBody from 'raw-body';
import type { CreateCheckoutBody } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { idempotencyKeyOf } from '../idempotency';
import { visitorOf, type GuestCookieOptions } from '../visitor';
import { NotFound } from '@mastering/service-kit';
import { PAID_ORDER_STATUSES, paymentReturnUrl, RESUME_LINK_INVALID, type OrderStatus } from '@mastering/contracts';
import { orderOfResumeToken, type AbandonedDeps } from './abandoned';
import { checkoutOrder, handleWebhook, startCheckout, type PaymentDeps } from './service';

/** The webhook path, whose body the JSON parser must leave unread (its signature covers the exact bytes). */
export const WEBHOOK_PATH = '/api/payment/webhook';

/**
 * POST /api/payment/create-checkout — public; starts paying this browser's unpaid order, answers `{redirectUrl}`.
 * With an Idempotency-Key, a retry gets the same Yoco checkout (one pending payment).
 */
export const createCheckout =
  (deps: PaymentDeps, cookie: GuestCookieOptions) => async (ctx: RouteContext<CreateCheckoutBody>) => {
    ctx.body = await startCheckout(deps, visitorOf(ctx, cookie), ctx.state.body.orderId, idempotencyKeyOf(ctx));
  };

/** POST /api/payment/webhook — public, Standard Webhooks signature required; applies a Yoco payment event once. */
export const paymentWebhook = (deps: PaymentDeps) => async (ctx: RouteContext) => {
  const raw = await getRawBody(ctx.req, { limit: '256kb', encoding: 'utf-8' });
  ctx.body = await handleWebhook(deps, raw, ctx.headers);
};

/**
 * GET /api/payment/resume/:token — public, the signed link of the payment reminder: starts a new Yoco
 * checkout for the order (its stored, server-computed total) and sends the browser there. A paid order
 * goes to its success page; a forged or expired link is a 404, an expired order a 409.
 */
export const resumePayment =
  (deps: AbandonedDeps) => async (ctx: RouteContext<undefined, undefined, { token: string }>) => {
    const order = await orderOfResumeToken(deps.knex, deps.resumeLinks, ctx.state.params.token);
    if (!order) throw new NotFound(RESUME_LINK_INVALID);
    ctx.status = 303;
    if ((PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) {
      ctx.redirect(paymentReturnUrl(deps.publicUrl, 'success', order.id));
      return;
    }
    const { redirectUrl } = await checkoutOrder(deps, order);
    ctx.redirect(redirectUrl);
  };
