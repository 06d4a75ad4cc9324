import {
  INVALID_OR_EXPIRED_CODE,
  type RequestCodeBody,
  type RequestCodeResponse,
  type VerifyCodeBody,
  type VerifyLinkBody,
  type MeResponse,
} from '@mastering/contracts';
import { apiJson, serverErrorText } from '@mastering/ui/core';
import { useMutation } from '@tanstack/react-query';

/** `POST /auth/request-code`: emails a login code; any non-OK answer is a failure (ApiError). */
export function requestLoginCode(body: RequestCodeBody): Promise<RequestCodeResponse> {
  return apiJson<RequestCodeResponse>('POST', '/auth/request-code', body);
}

/** `POST /auth/verify-code`: starts a session (cookie) when the code is right; a refusal is an ApiError. */
export function verifyLoginCode(body: VerifyCodeBody): Promise<MeResponse> {
  return apiJson<MeResponse>('POST', '/auth/verify-code', body);
}

/** `POST /auth/verify-link`: starts a session from a login mail's one-time link; a refusal is an ApiError. */
export function verifyLoginLink(body: VerifyLinkBody): Promise<MeResponse> {
  return apiJson<MeResponse>('POST', '/auth/verify-link', body);
}

/** The message for a failed verification: the server's `error` text, else the spec's 'Invalid or expired code'. */
export function verificationErrorText(error: unknown): string {
  return serverErrorText(error, INVALID_OR_EXPIRED_CODE);
}

/** The login form's first step. */
export function useRequestLoginCode() {
  return useMutation({ mutationFn: requestLoginCode });
}

/** The login form's second step. */
export function useVerifyLoginCode() {
  return useMutation({ mutationFn: verifyLoginCode });
}

/** The login page's sign-in by a mail's link. */
export function useVerifyLoginLink() {
  return useMutation({ mutationFn: verifyLoginLink });
}
