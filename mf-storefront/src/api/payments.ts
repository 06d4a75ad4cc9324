import {
  CREATE_CHECKOUT_FAILED,
  CheckoutResponse,
  isApprovedRedirect,
  PAYMENT_PROCESSING_FAILED,
  PAYMENT_REDIRECT_FAILED,
} from '@mastering/contracts';
import { ApiError, apiJson } from '@mastering/ui/core';
import { useMutation } from '@tanstack/react-query';
import { useSiteConfig } from './site-config';

/** `POST /api/payment/create-checkout`: a hosted checkout for an unpaid order. */
export async function createCheckout(orderId: string): Promise<CheckoutResponse> {
  try {
    return await apiJson('POST', '/api/payment/create-checkout', { orderId }, { schema: CheckoutResponse });
  } catch (cause) {
    throw new Error(CREATE_CHECKOUT_FAILED, { cause });
  }
}

/** Thrown when the checkout's address is missing or not an approved payment page; its message is the spec's alert. */
export class PaymentRedirectError extends Error {
  constructor() {
    super(PAYMENT_REDIRECT_FAILED);
    this.name = 'PaymentRedirectError';
  }
}

/**
 * Starts a checkout for the order and answers the address to send the browser to: only an approved
 * Yoco page (or the sandbox's prefixes from /api/config), else PaymentRedirectError.
 */
export async function checkoutAddress(orderId: string, extraPrefixes: readonly string[] = []): Promise<string> {
  const { redirectUrl } = await createCheckout(orderId);
  if (!isApprovedRedirect(redirectUrl, extraPrefixes)) throw new PaymentRedirectError();
  return redirectUrl;
}

/**
 * The browser alert for a failed payment start (spec §8): the redirect text, the server's notice when
 * the shop is not taking orders (503, maintenance mode), else the processing text.
 */
export function paymentAlertText(error: unknown): string {
  if (error instanceof PaymentRedirectError) return PAYMENT_REDIRECT_FAILED;
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof ApiError && cause.status === 503 && cause.body) return cause.body.error;
  return PAYMENT_PROCESSING_FAILED;
}

/** Sends the browser to the hosted payment page (a full-page redirect); a separate function so tests can stand in for it. */
export const redirectTo = { assign: (url: string) => window.location.assign(url) };

/**
 * Pays an order: makes it first when given a body (once; a retry reuses its id), starts a checkout
 * and redirects. On failure the spec's alert is shown and the caller's button is enabled again;
 * after success it stays disabled while the browser leaves.
 */
export function usePayOrder() {
  const prefixes = useSiteConfig().data?.checkoutRedirectPrefixes;
  const mutation = useMutation({
    mutationFn: async (orderId: string | (() => Promise<string>)) => {
      const id = typeof orderId === 'string' ? orderId : await orderId();
      redirectTo.assign(await checkoutAddress(id, prefixes));
    },
    onError: (error) => {
      console.error(error);
      window.alert(paymentAlertText(error));
    },
  });
  return { pay: mutation.mutate, working: mutation.isPending || mutation.isSuccess };
}
