import { Webhook } from 'standardwebhooks';
import type { z } from 'zod';
import {
  YocoCheckout,
  YocoCheckoutRequest,
  YocoCheckoutState,
  YocoRefundAccepted,
  YocoRefundRequest,
  PAYMENT_PROVIDER_FAILED,
  REFUND_PROVIDER_FAILED,
  WEBHOOK_SIGNATURE_INVALID,
} from '@mastering/contracts';
import { HttpError, Unauthorized, type Logger } from '@mastering/service-kit';

/** Where Yoco is and the storefront's keys for it (from config; the local sandbox speaks the same API). */
export type YocoConfig = { apiUrl: string; secretKey: string; webhookSecret: string; sandbox: boolean };

/** Yoco signs each delivery with its send time; anything older (or from further ahead) than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 180;
const CHECKOUT_TIMEOUT_MS = 15_000;

/**
 * One call to Yoco's API with the secret key (and an Idempotency-Key on writes): the answer checked
 * against `schema`. Any failure or unexpected answer is a 502 with `failure` (a message for people);
 * the provider's answer is logged, not shown.
 */
async function yocoCall<T>(
  yoco: YocoConfig,
  {
    method,
    path,
    body,
    idempotencyKey,
  }: { method: 'GET' | 'POST'; path: string; body?: unknown; idempotencyKey?: string },
  schema: z.ZodType<T>,
  failure: string,
  logger?: Logger,
): Promise<T> {
  try {
    const res = await fetch(`${yoco.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${yoco.secretKey}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CHECKOUT_TIMEOUT_MS),
    });
    const answer: unknown = await res.json().catch(() => null);
    const parsed = schema.safeParse(answer);
    if (res.ok && parsed.success) return parsed.data;
    logger?.warn({ status: res.status, body: answer, path }, 'yoco refused or answered malformed');
  } catch (err) {
    logger?.warn({ err, path }, 'yoco request failed');
  }
  throw new HttpError(502, failure);
}

/**
 * Creates a hosted checkout: `POST {apiUrl}/api/checkouts` with an Idempotency-Key (a retry with the
 * same key gets the same checkout, never a second one).
 */
export function createYocoCheckout(
  yoco: YocoConfig,
  request: YocoCheckoutRequest,
  idempotencyKey: string,
  logger?: Logger,
): Promise<YocoCheckout> {
  const body = YocoCheckoutRequest.parse(request);
  return yocoCall(
    yoco,
    { method: 'POST', path: '/api/checkouts', body, idempotencyKey },
    YocoCheckout,
    PAYMENT_PROVIDER_FAILED,
    logger,
  );
}

/** Refunds (part of) a paid checkout: `POST /api/checkouts/{id}/refund`, 202; the outcome comes by webhook. */
export function refundYocoCheckout(
  yoco: YocoConfig,
  checkoutId: string,
  request: YocoRefundRequest,
  idempotencyKey: string,
  logger?: Logger,
): Promise<YocoRefundAccepted> {
  const path = `/api/checkouts/${encodeURIComponent(checkoutId)}/refund`;
  const body = YocoRefundRequest.parse(request);
  return yocoCall(
    yoco,
    { method: 'POST', path, body, idempotencyKey },
    YocoRefundAccepted,
    REFUND_PROVIDER_FAILED,
    logger,
  );
}

/** Reads a checkout's state: `GET /api/checkouts/{id}` (reconciliation of a webhook that never came). */
export function readYocoCheckout(yoco: YocoConfig, checkoutId: string, logger?: Logger): Promise<YocoCheckoutState> {
  const path = `/api/checkouts/${encodeURIComponent(checkoutId)}`;
  return yocoCall(yoco, { method: 'GET', path }, YocoCheckoutState, PAYMENT_PROVIDER_FAILED, logger);
}

/**
 * Verifies a webhook delivery with the Standard Webhooks library (HMAC-SHA256 over
 * `id.timestamp.rawBody`, key `whsec_...`) and a tolerance of three minutes on its timestamp (the
 * library allows five); answers the parsed JSON body. Any failure is a 401 that says only "invalid".
 */
export function verifyWebhook(
  secret: string,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  now = Date.now(),
): unknown {
  const flat = Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
  );
  try {
    const payload = new Webhook(secret).verify(rawBody, flat);
    const sentAt = Number(flat['webhook-timestamp']);
    if (Math.abs(now / 1000 - sentAt) > WEBHOOK_TOLERANCE_SECONDS) throw new Error('timestamp outside tolerance');
    return payload;
  } catch {
    throw new Unauthorized(WEBHOOK_SIGNATURE_INVALID);
  }
}
