import { LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS, TESTIMONIAL_TEXTS } from '@mastering/contracts';
import { ApiError, errorMessage, serverErrorText, toast } from '@mastering/ui';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/** True for an answer that means the session is gone or lacks the admin role. */
export const needsLogin = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * The content screens' failure toast: a 401/403 shows Authentication Required and, after 1.5 s,
 * goes to the login page; any other failure shows `title` with the server's error text (else `fallback`).
 */
export function useFailureToast() {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown, title: string, fallback: string) => {
      if (needsLogin(error)) {
        toast({ title: TESTIMONIAL_TEXTS.authRequiredTitle, description: TESTIMONIAL_TEXTS.authRequired, variant: 'destructive' });
        window.setTimeout(() => navigate(LOGIN_PATH), LOGIN_REDIRECT_DELAY_MS);
        return;
      }
      toast({ title, description: serverErrorText(error, error instanceof ApiError ? fallback : errorMessage(error) || fallback), variant: 'destructive' });
    },
    [navigate],
  );
}
