import { LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS, TESTIMONIAL_TEXTS } from '@mastering/contracts';
import { ApiError, errorMessage, serverErrorText, toast, type ToastInput } from '@mastering/ui';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** True for an answer that means the session is gone or lacks the admin role. */
export const needsLogin = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * Shows a content screen's failure: a 401/403 toasts Authentication Required and calls `goToLogin`
 * after 1.5 s; any other failure toasts `title` with the server's error text (else `fallback`).
 */
export function reportFailure(
  error: unknown,
  title: string,
  fallback: string,
  { goToLogin, show = toast }: { goToLogin: () => void; show?: (input: ToastInput) => unknown },
) {
  if (needsLogin(error)) {
    show({
      title: TESTIMONIAL_TEXTS.authRequiredTitle,
      description: TESTIMONIAL_TEXTS.authRequired,
      variant: 'destructive',
    });
    setTimeout(goToLogin, LOGIN_REDIRECT_DELAY_MS);
    return;
  }
  show({
    title,
    description: serverErrorText(error, error instanceof ApiError ? fallback : errorMessage(error) || fallback),
    variant: 'destructive',
  });
}

/** reportFailure with the router's navigation to the login page (for the content screens). */
export function useFailureToast() {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown, title: string, fallback: string) =>
      reportFailure(error, title, fallback, { goToLogin: () => navigate(LOGIN_PATH) }),
    [navigate],
  );
}
