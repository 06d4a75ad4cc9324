import { randomBytes } from 'node:crypto';
import { Conflict, Invalid, NotFound } from '@mastering/service-kit';
import type {
  YocoCheckout,
  YocoCheckoutRequest,
  YocoCheckoutState,
  YocoRefundAccepted,
  YocoRefundRequest,
  YocoWebhookEvent,
} from '@mastering/contracts';
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
  /** Cents refunded or being refunded so far (a refund that fails gives its amount back). */
  refundedAmount: number;
};

/**
 * The sandbox's test rule for refunds: one whose cents end in 01 (R50.01) is refused by the bank and
 * ends in `refund.failed`, so the failure path can be tried by hand; every other refund succeeds.
 */
export const failsInSandbox = (amountCents: number) => amountCents % 100 === 1;

/** Yoco's event, with the payment fields Yoco sends that the storefront does not read. */
export type SandboxWebhookEvent = YocoWebhookEvent & { payload: { createdDate: string; mode: 'test' } };

/** What the hosted page's buttons do: where the browser goes next. */
export type Outcome = { redirectTo: string };

/** Yoco-style ids: a type prefix and random characters (`ch_…`, `p_…`, `evt_…`). */
export const yocoId = (prefix: 'ch' | 'p' | 'evt' | 'rf') => `${prefix}_${randomBytes(12).toString('hex')}`;

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

  /** Yoco's refund event: the refund's id, the payment it refunds, and the refund's metadata with the checkout's id. */
  const refundEvent = (
    type: 'refund.succeeded' | 'refund.failed',
    checkout: SandboxCheckout,
    refund: { id: string; amount: number; metadata?: Record<string, string> },
  ): SandboxWebhookEvent => {
    const now = new Date().toISOString();
    return {
      id: yocoId('evt'),
      type,
      createdDate: now,
      payload: {
        id: refund.id,
        type: 'refund',
        amount: refund.amount,
        currency: checkout.currency,
        status: type === 'refund.succeeded' ? 'succeeded' : 'failed',
        paymentId: checkout.paymentId ?? undefined,
        metadata: { ...refund.metadata, checkoutId: checkout.id },
        createdDate: now,
        mode: 'test',
      },
    };
  };
  // Idempotency-Key -> the refund it started and the request it came with.
  const refundsByKey = new Map<string, { answer: YocoRefundAccepted; request: string }>();

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
        refundedAmount: 0,
      };
      byId.set(id, checkout);
      if (idempotencyKey) byKey.set(idempotencyKey, { checkoutId: id, request: fingerprint });
      return checkout;
    },

    /** GET /api/checkouts/{id}: the checkout's state as Yoco's API reads it (with the payment once paid). */
    read(id: string): YocoCheckoutState {
      const checkout = byId.get(id);
      if (!checkout) throw new NotFound('No such checkout');
      const { status, amount, currency, paymentId, metadata, externalId } = checkout;
      return { id, status, amount, currency, paymentId, metadata, externalId };
    },

    /**
     * POST /api/checkouts/{id}/refund: refunds (part of) a paid checkout. Answers 202 at once; the outcome
     * follows as `refund.succeeded` or `refund.failed` (see failsInSandbox). The same Idempotency-Key
     * answers the same refund and sends nothing again. Refused: an unpaid checkout (409), more than is
     * left of the payment (422).
     */
    refund(id: string, request: YocoRefundRequest, idempotencyKey?: string): YocoRefundAccepted {
      const checkout = byId.get(id);
      if (!checkout) throw new NotFound('No such checkout');
      const fingerprint = JSON.stringify({ id, request });
      const earlier = idempotencyKey ? refundsByKey.get(idempotencyKey) : undefined;
      if (earlier) {
        if (earlier.request !== fingerprint)
          throw new Invalid('Idempotency-Key was already used with a different request');
        return earlier.answer;
      }
      if (checkout.status !== 'completed') throw new Conflict('This checkout has not been paid');
      const amount = request.amount;
      if (amount > checkout.amount - checkout.refundedAmount)
        throw new Invalid('The refund is larger than what is left of the payment');
      checkout.refundedAmount += amount;
      const refund = { id: yocoId('rf'), amount, metadata: request.metadata };
      const answer: YocoRefundAccepted = {
        id: checkout.id,
        refundId: refund.id,
        status: 'pending',
        message: 'Refund requested',
      };
      if (idempotencyKey) refundsByKey.set(idempotencyKey, { answer, request: fingerprint });
      const failed = failsInSandbox(amount);
      if (failed) checkout.refundedAmount -= amount;
      // After the answer, as Yoco does: the webhook comes once the bank has answered.
      setImmediate(() => webhooks.send(refundEvent(failed ? 'refund.failed' : 'refund.succeeded', checkout, refund)));
      return answer;
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
