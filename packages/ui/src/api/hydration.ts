import { useDeferredValue, useSyncExternalStore } from 'react';

// A page prerendered at build time (scripts/prerender.ts) fetched nothing: its HTML shows every read
// loading. When the browser hydrates a part of it, that part must render the same, even though the
// answer may be in the query cache by then (it is prefetched at start-up, and a part below the fold
// hydrates only once its code has arrived); right after, React renders it again with the answer.

const noSubscription = () => () => undefined;

/** True while React hydrates the calling component from prerendered HTML, and while prerendering. */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

/** What a query answers before its first fetch has ended, as it did in the prerender. */
const LOADING = {
  data: undefined,
  error: null,
  status: 'pending',
  fetchStatus: 'fetching',
  isPending: true,
  isLoading: true,
  isFetching: true,
  isFetched: false,
  isSuccess: false,
  isError: false,
} as const;

/**
 * A query's result as the calling component may render it: while it hydrates, the loading state the
 * prerender rendered; at any other time `result` itself. For the reads of prerendered pages.
 */
export function useAsPrerendered<R extends object>(result: R): R {
  // Right after hydration React renders the component again, at once and in one task (a store whose
  // snapshot differs from the server's); deferred, that pass still draws the loading state (cheap), and
  // the answer is drawn in a transition, in slices between which the browser paints and answers taps.
  const asLoading = useDeferredValue(useHydrating());
  return asLoading ? ({ ...result, ...LOADING } as R) : result;
}
