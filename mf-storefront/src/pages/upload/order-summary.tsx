import { formatRand, type SiteConfig } from '@mastering/contracts';
import { cn, Skeleton } from '@mastering/ui/core';
import type { ReactNode } from 'react';
import { orderSummary } from '../../lib/upload-items';

/** A rand amount in the one money format: cents only when it has them (a per-track saving can be R174,67). */
export const rand = formatRand;

/** The order summary: tracks, subtotal, discount, total and per-track saving, priced by the contracts' function. */
export function OrderSummary({
  trackCount,
  config,
  packCents = 0,
}: {
  trackCount: number;
  config: SiteConfig | undefined;
  /** The release pack's add-ons for these tracks, in cents (issue 54); 0: none picked. */
  packCents?: number;
}) {
  if (!config) return <Skeleton className="h-36 w-full rounded-xl" />;
  const summary = orderSummary(trackCount, config);
  const row = (label: ReactNode, value: string, testId: string, className?: string) => (
    <div className={cn('flex justify-between gap-4', className)}>
      <dt>{label}</dt>
      <dd data-testid={testId} className="tabular-nums">
        {value}
      </dd>
    </div>
  );
  return (
    <section
      aria-label="Order summary"
      data-testid="order-summary"
      className="rounded-xl border border-border bg-muted/40 p-4 text-sm"
    >
      <h3 className="mb-3 font-semibold">Order summary</h3>
      <dl className="space-y-1.5">
        {row('Tracks', String(trackCount), 'summary-tracks')}
        {row(`Price per track`, rand(config.basePrice), 'summary-unit')}
        {row('Subtotal', rand(summary?.subtotal ?? 0), 'summary-subtotal')}
        {config.launchSpecial &&
          row(
            `Launch discount (${config.launchDiscountPercent}% off)`,
            `-${rand(summary?.discount ?? 0)}`,
            'summary-discount',
            'font-medium',
          )}
        {packCents > 0 && row('Release pack', rand(packCents / 100), 'summary-pack')}
        {row(
          'Total',
          rand((summary?.total ?? 0) + packCents / 100),
          'summary-total',
          'border-t border-border pt-2 text-base font-bold',
        )}
      </dl>
      {summary && config.launchSpecial && (
        <p className="mt-2 text-xs text-muted-foreground" data-testid="summary-saving">
          You save {rand(summary.perTrackSaving)} per track
        </p>
      )}
    </section>
  );
}
