import type { RouteContext } from '@mastering/service-kit';
import type { YocoCheckoutRequest, YocoRefundRequest } from '@mastering/contracts';
import { renderCheckoutPage } from './page';
import type { Checkouts, Outcome } from './service';

type IdParams = { id: string };

/** POST /api/checkouts — secret key required (checked before routing); creates or, by Idempotency-Key, repeats a checkout. */
export const createCheckout = (checkouts: Checkouts) => async (ctx: RouteContext<YocoCheckoutRequest>) => {
  ctx.body = checkouts.create(ctx.state.body, ctx.get('idempotency-key') || undefined);
};

/** GET /checkout/:id — public; the hosted payment page. */
export const showCheckout = (checkouts: Checkouts) => async (ctx: RouteContext<undefined, undefined, IdParams>) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'html';
  ctx.body = renderCheckoutPage(checkouts.view(ctx.state.params.id));
};

/** POST /checkout/:id/{pay,decline,cancel} — public; runs the outcome (and its webhook), then redirects the browser. */
export const completeCheckout =
  (outcome: (id: string) => Outcome | Promise<Outcome>) =>
  async (ctx: RouteContext<undefined, undefined, IdParams>) => {
    const { redirectTo } = await outcome(ctx.state.params.id);
    ctx.status = 303;
    ctx.redirect(redirectTo);
  };

/** GET /api/checkouts/:id — secret key required; the checkout's state (what reconciliation reads). */
export const readCheckout = (checkouts: Checkouts) => async (ctx: RouteContext<undefined, undefined, IdParams>) => {
  ctx.body = checkouts.read(ctx.state.params.id);
};

/** POST /api/checkouts/:id/refund — secret key required; starts a refund (202), its outcome comes by webhook. */
export const refundCheckout =
  (checkouts: Checkouts) => async (ctx: RouteContext<YocoRefundRequest, undefined, IdParams>) => {
    ctx.status = 202;
    ctx.body = checkouts.refund(ctx.state.params.id, ctx.state.body, ctx.get('idempotency-key') || undefined);
  };
