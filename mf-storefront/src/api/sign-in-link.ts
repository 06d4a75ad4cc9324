import { VerifyLinkBody } from '@mastering/contracts';
import { useEffect, useRef } from 'react';

/**
 * The token of a code mail's one-time sign-in link (`#link=<token>` on the page's address), or null.
 * It is taken off the address at once (history.replaceState), so it stays in neither the address bar,
 * the history nor a bookmark; the `#` kept it out of every request and server log.
 */
export function takeLinkToken(location: Location = window.location, history: History = window.history): string | null {
  const token = new URLSearchParams(location.hash.slice(1)).get('link');
  if (token === null) return null;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return VerifyLinkBody.safeParse({ token }).success ? token : '';
}

/**
 * Calls `use` with the page's sign-in link token when the page is opened from a code mail's link, or
 * the link is pasted into a page already open ('' for a link that is not one, so the page can say so).
 * Each token is taken once: takeLinkToken wipes it off the address.
 */
export function useLinkFromMail(use: (token: string) => void): void {
  const latest = useRef(use);
  latest.current = use;
  useEffect(() => {
    const take = () => {
      const token = takeLinkToken();
      if (token !== null) latest.current(token);
    };
    take();
    window.addEventListener('hashchange', take);
    return () => window.removeEventListener('hashchange', take);
  }, []);
}
