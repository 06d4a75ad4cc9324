import { CircleAlert, LoaderCircle, RotateCw, type LucideIcon } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { ApiError, errorMessage } from '../api/api';
import { cn } from '../lib/cn';
import { Button } from './button';

/** A pulsing placeholder shown while content loads. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div data-slot="skeleton" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/** A spinning loading indicator with an accessible label. */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <LoaderCircle className="size-5 animate-spin text-muted-foreground" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export interface EmptyStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}

/** What a list or panel shows when there is nothing in it. */
export function EmptyState({ icon: Icon, title, description, action, className, ...props }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-border px-6 py-12 text-center',
        className,
      )}
      {...props}
    >
      {Icon && <Icon className="mb-1 size-10 text-muted-foreground" aria-hidden />}
      <p className="font-medium">{title}</p>
      {description && <p className="max-w-md text-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

export interface LoadErrorProps {
  /** What could not be loaded, as a person says it: "the customer's orders". */
  what: string;
  /** The failed request's error (its status and the server's own message are shown). */
  error: unknown;
  /** Asks again (a query's `refetch`). */
  onRetry: () => void;
  className?: string;
}

/**
 * What a list, panel or dialog shows when its data failed to load: never an empty result, always what
 * failed and a Retry. Every screen uses this one, so a failure reads the same everywhere.
 */
export function LoadError({ what, error, onRetry, className }: LoadErrorProps) {
  return (
    <div
      role="alert"
      data-testid="load-error"
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-8 text-center',
        className,
      )}
    >
      <CircleAlert className="size-8 text-destructive" aria-hidden />
      <p className="font-medium">Could not load {what}.</p>
      <p className="max-w-md text-sm text-muted-foreground">{loadErrorReason(error)}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry} data-testid="load-error-retry">
        <RotateCw aria-hidden />
        Retry
      </Button>
    </div>
  );
}

/** Why a load failed, in a person's words: the server's own message, else the status line, else the network. */
export function loadErrorReason(error: unknown): string {
  if (error instanceof ApiError)
    return error.body?.error ?? `The server answered ${error.status}${error.statusText ? ` ${error.statusText}` : ''}.`;
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection.';
  return errorMessage(error);
}

/** The LoadError of a query that failed with nothing to show (a stale list stays on screen), else null. */
export function failedLoad(
  query: { isError: boolean; error: unknown; data: unknown; refetch: () => unknown },
  what: string,
): LoadErrorProps | null {
  return query.isError && query.data === undefined
    ? { what, error: query.error, onRetry: () => void query.refetch() }
    : null;
}
