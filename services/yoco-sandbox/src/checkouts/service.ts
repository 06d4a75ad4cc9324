import { randomBytes } from 'node:crypto';
import { Conflict, Invalid, NotFound } from '@mastering/service-kit';
import type { YocoCheckout, YocoCheckoutRequest, YocoWebhookEvent } from '@mastering/contracts';
import type { WebhookSender } from '../webhooks/service';

/**
 * A checkout as Yoco's API answers it (POST /api/checkouts). Yoco's statuses: `created`, `started`
 * (the hosted page was opened), `completed` (paid). The sandbox keeps checkouts in memory: like
 * Yoco's test mode they are throwaway, and a restart (new keys per run) forgets them anyway.
 */
export type SandboxCheckout = YocoCheckout & {
  status: 'created' | 'started' | 'completed';
  paymentId: string | null;
  successUrl: string;
  cancelUrl: string;
  failureUrl: string;
  metadata: Record<string, string> | null;
  externalId: string | null;
  merchantId: string;
  processingMode: 'test';
};

/** Yoco's event, with the payment fields Yoco sends that the storefront does not read. */
export type SandboxWebhookEvent = YocoWebhookEvent & { payload: { createdDate: string; mode: 'test' } };

/** What the hosted page's buttons do: where the browser goes next. */
export type Outcome = { redirectTo: string };

/** Yoco-style ids: a type prefix and random characters (`ch_…`, `p_…`, `evt_…`). */
export const yocoId = (prefix: 'ch' | 'p' | 'evt') => `${prefix}_${randomBytes(12).toString('hex')}`;

const MERCHANT_ID = 'acc_sandbox';

/** Checkouts of one sandbox run, with the payment outcomes the hosted page triggers. */
export type Checkouts = ReturnType<typeof createCheckouts>;

/** The sandbox's checkout store; `baseUrl` is where browsers reach the hosted page. */
export function createCheckouts({ baseUrl, webhooks }: { baseUrl: string; webhooks: WebhookSender }) {
  const byId = new Map<string, SandboxCheckout>();
  // Idempotency-Key -> the checkout it created and the request it came with.
  const byKey = new Map<string, { checkoutId: string; request: string }>();

  const open = (id: string) => {
    const checkout = byId.get(id);
    if (!checkout) throw new NotFound('No such checkout');
    if (checkout.status === 'completed') throw new Conflict('This checkout has already been paid');
    return checkout;
  };

  const event = (
    type: 'payment.succeeded' | 'payment.failed',
    checkout: SandboxCheckout,
    paymentId: string,
  ): SandboxWebhookEvent => {
    const now = new Date().toISOString();
    return {
      id: yocoId('evt'),
      type,
      createdDate: now,
      payload: {
        id: paymentId,
        type: 'payment',
        amount: checkout.amount,
        currency: checkout.currency,
        status: type === 'payment.succeeded' ? 'succeeded' : 'failed',
        // Yoco copies the checkout's metadata onto the payment and adds the checkout id.
        metadata: { ...checkout.metadata, checkoutId: checkout.id },
        paymentMethodDetails: { type: 'card' },
        createdDate: now,
        mode: 'test',
      },
    };
  };

  return {
    /**
     * Creates a checkout; with an Idempotency-Key already seen, answers the checkout it created
     * (422 when the key comes back with a different request, as a real payment API refuses that).
     */
    create(request: YocoCheckoutRequest, idempotencyKey?: string): SandboxCheckout {
      const fingerprint = JSON.stringify(request);
      if (idempotencyKey) {
        const earlier = byKey.get(idempotencyKey);
        if (earlier) {
          if (earlier.request !== fingerprint)
            throw new Invalid('Idempotency-Key was already used with a different request');
          return byId.get(earlier.checkoutId)!;
        }
      }
      const id = yocoId('ch');
      const checkout: SandboxCheckout = {
        id,
        redirectUrl: `${baseUrl}/checkout/${id}`,
        status: 'created',
        amount: request.amount,
        currency: request.currency,
        paymentId: null,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        failureUrl: request.failureUrl,
        metadata: request.metadata ?? null,
        externalId: request.externalId ?? null,
        merchantId: MERCHANT_ID,
        processingMode: 'test',
      };
      byId.set(id, checkout);
      if (idempotencyKey) byKey.set(idempotencyKey, { checkoutId: id, request: fingerprint });
      return checkout;
    },

    /** The checkout behind a hosted page (marked `started` once opened); NotFound when unknown. */
    view(id: string): SandboxCheckout {
      const checkout = byId.get(id);
      if (!checkout) throw new NotFound('No such checkout');
      if (checkout.status === 'created') checkout.status = 'started';
      return checkout;
    },

    /**
     * Pay: the checkout is completed, `payment.succeeded` is sent, and the browser goes to the
     * successUrl once the first delivery attempt has finished (so the shop usually knows before the
     * customer lands; later retries run on in the background).
     */
    async pay(id: string): Promise<Outcome> {
      const checkout = open(id);
      const paymentId = yocoId('p');
      checkout.status = 'completed';
      checkout.paymentId = paymentId;
      await webhooks.send(event('payment.succeeded', checkout, paymentId)).firstAttempt;
      return { redirectTo: checkout.successUrl };
    },

    /** Decline: the card is refused, `payment.failed` is sent; the checkout stays open for another try. */
    async decline(id: string): Promise<Outcome> {
      const checkout = open(id);
      await webhooks.send(event('payment.failed', checkout, yocoId('p'))).firstAttempt;
      return { redirectTo: checkout.failureUrl };
    },

    /**
     * Cancel: the customer leaves the hosted page. Yoco sends no webhook for that (its events are
     * payment.succeeded / payment.failed / refund.*), so neither does the sandbox: the order simply
     * stays pending payment.
     */
    cancel(id: string): Outcome {
      return { redirectTo: open(id).cancelUrl };
    },
  };
}
