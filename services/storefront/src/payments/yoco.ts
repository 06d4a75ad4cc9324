import { Webhook } from 'standardwebhooks';
import {
  YocoCheckout,
  YocoCheckoutRequest,
  PAYMENT_PROVIDER_FAILED,
  WEBHOOK_SIGNATURE_INVALID,
} from '@mastering/contracts';
import { HttpError, Unauthorized, type Logger } from '@mastering/service-kit';

/** Where Yoco is and the storefront's keys for it (from config; the local sandbox speaks the same API). */
export type YocoConfig = { apiUrl: string; secretKey: string; webhookSecret: string; sandbox: boolean };

/** Yoco signs each delivery with its send time; anything older (or from further ahead) than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 180;
const CHECKOUT_TIMEOUT_MS = 15_000;

/**
 * Creates a hosted checkout: `POST {apiUrl}/api/checkouts` with the secret key and an Idempotency-Key
 * (a retry with the same key gets the same checkout, never a second one). Any failure or unexpected
 * answer is a 502 with a message for the buyer; the provider's answer is logged, not shown.
 */
export async function createYocoCheckout(
  yoco: YocoConfig,
  request: YocoCheckoutRequest,
  idempotencyKey: string,
  logger?: Logger,
): Promise<YocoCheckout> {
  try {
    const res = await fetch(`${yoco.apiUrl}/api/checkouts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${yoco.secretKey}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      body: JSON.stringify(YocoCheckoutRequest.parse(request)),
      signal: AbortSignal.timeout(CHECKOUT_TIMEOUT_MS),
    });
    const body: unknown = await res.json().catch(() => null);
    const checkout = YocoCheckout.safeParse(body);
    if (res.ok && checkout.success) return checkout.data;
    logger?.warn({ status: res.status, body }, 'yoco checkout refused or malformed');
  } catch (err) {
    logger?.warn({ err }, 'yoco checkout request failed');
  }
  throw new HttpError(502, PAYMENT_PROVIDER_FAILED);
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
