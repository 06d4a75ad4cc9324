import { apiRequest } from '@mastering/ui';
import { useMutation } from '@tanstack/react-query';

/** Spec texts of the login screen. */
export const LOGIN_TEXTS = {
  sendFailed: 'Failed to send login code. Please try again.',
  invalidCode: 'Invalid or expired code',
} as const;

/** `POST /auth/request-code`: emails a 6-digit code; any non-OK answer is a failure. */
export function useRequestLoginCode() {
  return useMutation({
    mutationFn: async (email: string) => {
      await apiRequest('POST', '/auth/request-code', { email });
    },
  });
}

/** The message to show for a failed verification: the server's `error` text, else the spec's. */
export async function verificationError(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' && body.error ? body.error : LOGIN_TEXTS.invalidCode;
}

/** `POST /auth/verify-code`: starts a session (cookie) when the code is right. */
export function useVerifyLoginCode() {
  return useMutation({
    mutationFn: async ({ email, code }: { email: string; code: string }) => {
      const res = await fetch('/auth/verify-code', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, code }),
        credentials: 'include',
      });
      if (!res.ok) throw new Error(await verificationError(res));
    },
  });
}
