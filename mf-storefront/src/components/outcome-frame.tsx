import { cn } from '@mastering/ui/core';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageFrame } from './page-frame';

// The outcome pages' frame and cards, on their own: the order, download, track-order and your-data pages
// draw with them too, and take none of the payment pages' API (schemas, zod) with them.

/** The frame of a payment outcome page: icon, title, lead text, then the page's sections. */
export function OutcomeFrame({
  testId,
  icon: Icon,
  tone,
  title,
  lead,
  children,
}: {
  testId: string;
  icon: LucideIcon;
  tone: 'success' | 'warning' | 'destructive';
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <PageFrame testId={testId}>
      <div className="mx-auto w-full max-w-2xl space-y-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <span
            className={cn(
              'flex size-16 items-center justify-center rounded-full',
              tone === 'success' && 'bg-success/15 text-success',
              tone === 'warning' && 'bg-amber-500/15 text-amber-500',
              tone === 'destructive' && 'bg-destructive/15 text-destructive',
            )}
          >
            <Icon className="size-8" aria-hidden />
          </span>
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          <p className="text-muted-foreground">{lead}</p>
        </div>
        {children}
      </div>
    </PageFrame>
  );
}

/** A titled card of an outcome page. */
export function OutcomeCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="rounded-xl border border-border bg-card p-5" data-testid={testId}>
      <h2 className="mb-3 font-semibold">{title}</h2>
      {children}
    </section>
  );
}
