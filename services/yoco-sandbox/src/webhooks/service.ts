import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { YocoWebhookEvent } from '@mastering/contracts';
import type { Logger } from '@mastering/service-kit';

/**
 * Waits between delivery attempts, like Yoco's own schedule (immediately, then 5 s, 5 min, 30 min,
 * 2 h, ...) but compressed, because a local endpoint that is down is usually restarting.
 */
export const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 2 * 60_000, 10 * 60_000] as const;

/** One attempt gets this long to answer; Yoco asks endpoints to answer within 15 s. */
const ATTEMPT_TIMEOUT_MS = 15_000;

export type WebhookSenderOptions = {
  url: string;
  /** `whsec_<base64>`, the Standard Webhooks secret the storefront verifies with. */
  secret: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Waits `ms` before a retry; tests inject one that does not sleep. */
  delay?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  retryDelaysMs?: readonly number[];
};

/** A delivery under way: the first attempt (what a redirect waits for) and the whole retry run. */
export type Delivery = { firstAttempt: Promise<boolean>; done: Promise<boolean> };

export type WebhookSender = {
  /** Sends `event` signed; retries with backoff until a 2xx or the schedule runs out. Never rejects. */
  send(event: YocoWebhookEvent): Delivery;
  /** Resolves when every delivery started so far has finished (for tests and a clean stop). */
  settled(): Promise<void>;
};

/** A webhook message id, fresh per event and the same for each of its retries (Standard Webhooks). */
export const webhookId = () => `msg_${randomBytes(12).toString('hex')}`;

/** Signs and POSTs events to one endpoint, the way Yoco delivers its webhooks. */
export function createWebhookSender({
  url,
  secret,
  logger,
  delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  fetch: fetchImpl = fetch,
  retryDelaysMs = RETRY_DELAYS_MS,
}: WebhookSenderOptions): WebhookSender {
  const signer = new Webhook(secret);
  const running = new Set<Promise<boolean>>();

  const attempt = async (id: string, body: string, attemptNo: number): Promise<boolean> => {
    // A fresh timestamp and signature per attempt: the receiver rejects stale timestamps.
    const timestamp = new Date();
    try {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signer.sign(id, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.ok) {
        logger.info({ url, id, attempt: attemptNo }, 'webhook delivered');
        return true;
      }
      logger.warn({ url, id, attempt: attemptNo, status: res.status }, 'webhook endpoint refused the event');
    } catch (err) {
      logger.warn({ url, id, attempt: attemptNo, err: (err as Error).message }, 'webhook endpoint unreachable');
    }
    return false;
  };

  return {
    send(event) {
      const id = webhookId();
      const body = JSON.stringify(event);
      const firstAttempt = attempt(id, body, 1);
      const done = (async () => {
        if (await firstAttempt) return true;
        for (const [i, ms] of retryDelaysMs.entries()) {
          await delay(ms);
          if (await attempt(id, body, i + 2)) return true;
        }
        logger.error({ url, id, type: event.type }, 'webhook not delivered; gave up');
        return false;
      })();
      running.add(done);
      void done.finally(() => running.delete(done));
      return { firstAttempt, done };
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
