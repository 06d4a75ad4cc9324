import { z } from 'zod';
import { redirects, route, sends, type RouteTable } from '@mastering/service-kit';
import {
  YocoCheckout,
  YocoCheckoutRequest,
  YocoCheckoutState,
  YocoRefundAccepted,
  YocoRefundRequest,
} from '@mastering/contracts';
import { completeCheckout, createCheckout, readCheckout, refundCheckout, showCheckout } from './checkouts/handlers';
import type { Checkouts } from './checkouts/service';

const CheckoutParams = z.object({ id: z.string() });
/** After an outcome the browser goes back to the shop's success, cancel or failure page. */
const BACK = redirects("Back to the shop's outcome page", 303);

/**
 * The sandbox's route table. Every row is `public` to the gateway's identity scheme, which the
 * sandbox does not take part in: `/api/*` is guarded by the Yoco secret key instead (see app.ts).
 */
export const routes = ({ checkouts }: { checkouts: Checkouts }): RouteTable => [
  route({
    method: 'POST',
    path: '/api/checkouts',
    permission: 'public',
    body: YocoCheckoutRequest,
    response: YocoCheckout,
    handler: createCheckout(checkouts),
  }),
  route({
    method: 'GET',
    path: '/api/checkouts/:id',
    permission: 'public',
    params: CheckoutParams,
    response: YocoCheckoutState,
    handler: readCheckout(checkouts),
  }),
  route({
    method: 'POST',
    path: '/api/checkouts/:id/refund',
    permission: 'public',
    params: CheckoutParams,
    body: YocoRefundRequest,
    response: [
      { status: 202, description: 'Refund started; the outcome comes by webhook', schema: YocoRefundAccepted },
    ],
    handler: refundCheckout(checkouts),
  }),
  route({
    method: 'GET',
    path: '/checkout/:id',
    permission: 'public',
    params: CheckoutParams,
    response: sends('text/html', 'The hosted payment page'),
    handler: showCheckout(checkouts),
  }),
  route({
    method: 'POST',
    path: '/checkout/:id/pay',
    permission: 'public',
    params: CheckoutParams,
    accepts: 'none',
    response: BACK,
    handler: completeCheckout(checkouts.pay),
  }),
  route({
    method: 'POST',
    path: '/checkout/:id/decline',
    permission: 'public',
    params: CheckoutParams,
    accepts: 'none',
    response: BACK,
    handler: completeCheckout(checkouts.decline),
  }),
  route({
    method: 'POST',
    path: '/checkout/:id/cancel',
    permission: 'public',
    params: CheckoutParams,
    accepts: 'none',
    response: BACK,
    handler: completeCheckout(checkouts.cancel),
  }),
];
