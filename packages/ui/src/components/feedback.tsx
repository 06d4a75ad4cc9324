import { Construction, LoaderCircle, type LucideIcon } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Badge } from './badge';

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
      className={cn('flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-border px-6 py-12 text-center', className)}
      {...props}
    >
      {Icon && <Icon className="mb-1 size-10 text-muted-foreground" aria-hidden />}
      <p className="font-medium">{title}</p>
      {description && <p className="max-w-md text-sm text-muted-foreground">{description}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

export interface PagePlaceholderProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The page's title in the spec's words. */
  title: string;
  /** What the page will do, in a sentence. */
  description?: ReactNode;
  children?: ReactNode;
}

/** A page not built yet: its spec title and a clear "coming in a later release" notice, never fake data. */
export function PagePlaceholder({ title, description, children, className, ...props }: PagePlaceholderProps) {
  return (
    <section data-slot="page-placeholder" className={cn('mx-auto w-full max-w-5xl space-y-6', className)} {...props}>
      <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card/40 px-6 py-16 text-center">
        <Construction className="size-10 text-muted-foreground" aria-hidden />
        <Badge variant="secondary">Coming in a later release</Badge>
        <p className="max-w-md text-sm text-muted-foreground">
          {description ?? `The ${title} screen is planned but not built yet.`}
        </p>
        {children}
      </div>
    </section>
  );
}
