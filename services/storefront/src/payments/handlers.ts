import getRawBody from 'raw-body';
import type { CreateCheckoutBody } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { visitorOf, type GuestCookieOptions } from '../visitor';
import { handleWebhook, startCheckout, type PaymentDeps } from './service';

/** The webhook path, whose body the JSON parser must leave unread (its signature covers the exact bytes). */
export const WEBHOOK_PATH = '/api/payment/webhook';

/** POST /api/payment/create-checkout — public; starts paying this browser's unpaid order, answers `{redirectUrl}`. */
export const createCheckout =
  (deps: PaymentDeps, cookie: GuestCookieOptions) => async (ctx: RouteContext<CreateCheckoutBody>) => {
    ctx.body = await startCheckout(deps, visitorOf(ctx, cookie), ctx.state.body.orderId);
  };

/** POST /api/payment/webhook — public, Standard Webhooks signature required; applies a Yoco payment event once. */
export const paymentWebhook = (deps: PaymentDeps) => async (ctx: RouteContext) => {
  const raw = await getRawBody(ctx.req, { limit: '256kb', encoding: 'utf-8' });
  ctx.body = await handleWebhook(deps, raw, ctx.headers);
};
