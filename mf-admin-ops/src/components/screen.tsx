import { Button, cn, LoadError, Skeleton, toast, errorMessage, failedLoad } from '@mastering/ui';
import { RefreshCw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';

/** Skeleton rows for a list that is loading (the spec shows three). */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

/** What a list's query holds: enough to tell a failure, a first load, no rows, or rows. */
interface ListQuery<T> {
  data: T | undefined;
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A list's states in the order a reader needs them: the load error with Retry (never read as an empty
 * list), skeleton rows while the first page loads, the empty text, else the rows.
 */
export function ListStates<T, R>({
  query,
  what,
  rows,
  empty,
  emptyTestId,
  emptyClassName = 'py-10',
  children,
}: {
  query: ListQuery<T>;
  /** What failed, for the load error ("the payments"). */
  what: string;
  /** The rows out of the query's data (none while it loads). */
  rows: (data: T) => R[];
  empty: string;
  emptyTestId?: string;
  /** The empty text's padding: a card inside a card has less room. */
  emptyClassName?: string;
  children: (rows: R[]) => ReactNode;
}) {
  const failed = failedLoad(query, what);
  if (failed) return <LoadError {...failed} />;
  if (query.isLoading) return <ListSkeleton />;
  const list = query.data === undefined ? [] : rows(query.data);
  if (list.length === 0)
    return (
      <p className={cn('text-center text-sm text-muted-foreground', emptyClassName)} data-testid={emptyTestId}>
        {empty}
      </p>
    );
  return children(list);
}

/** A screen's Refresh button: asks the server again, its icon spinning while it does. */
export function RefreshButton({
  query,
  label = 'Refresh',
  testId,
}: {
  query: { isFetching: boolean; refetch: () => unknown };
  label?: string;
  testId?: string;
}) {
  return (
    <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching} data-testid={testId}>
      <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden />
      {label}
    </Button>
  );
}

/** Toasts a screen's failed fetch once per error, titled with what the screen could not load. */
export function useFailureToast(title: string, error: unknown) {
  useEffect(() => {
    if (error) toast({ title, description: errorMessage(error), variant: 'destructive' });
  }, [title, error]);
}

/** A label and a value in a detail dialog. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm font-medium">{children}</dd>
    </div>
  );
}
