import { comparisonPrice, DELIVERY_HOURS, type SiteConfig } from '@mastering/contracts';
import { ScrollRegion } from '@mastering/ui/core';
import { Check, X } from 'lucide-react';
import { useSiteConfig } from '../../api/site-config';
import { SectionHeading } from './section-heading';

type Cell = boolean | string;

type Row = { feature: string; ours: Cell; diy: Cell; auto: Cell };

/** The price row: our price per track as checkout charges it (from /api/config; blank while it loads). */
export const priceRow = (config: SiteConfig | undefined): Row => ({
  feature: 'Price per track',
  ours: config ? comparisonPrice(config) : '\u00a0',
  diy: 'Plugins, monitors and your time',
  auto: 'R50-150',
});

/** The seven features compared besides the price: ours, do-it-yourself, cheap auto-mastering (spec §2). */
export const COMPARISON_ROWS: readonly Row[] = [
  { feature: 'Human engineer', ours: true, diy: false, auto: false },
  { feature: 'Ready for every streaming platform', ours: true, diy: 'Trial and error', auto: 'Sometimes' },
  { feature: `Delivery within ${DELIVERY_HOURS} hours`, ours: true, diy: 'Days to weeks', auto: true },
  { feature: 'Free revisions', ours: true, diy: false, auto: false },
  { feature: 'Direct engineer contact', ours: true, diy: false, auto: false },
  { feature: 'Multi-genre expertise', ours: true, diy: false, auto: 'One algorithm' },
  { feature: 'Revision or full refund guarantee', ours: true, diy: false, auto: false },
];

function CellValue({ value, ours = false }: { value: Cell; ours?: boolean }) {
  if (value === true)
    return (
      <Check className={ours ? 'mx-auto size-5 text-primary' : 'mx-auto size-5 text-foreground'} aria-label="Yes" />
    );
  if (value === false) return <X className="mx-auto size-5 text-muted-foreground" aria-label="No" />;
  return <span className={ours ? 'font-semibold text-foreground' : 'text-muted-foreground'}>{value}</span>;
}

/** Comparison table: this service against do-it-yourself and cheap auto-mastering, on eight features. */
export function Comparison() {
  const rows = [priceRow(useSiteConfig().data), ...COMPARISON_ROWS];
  return (
    <section id="comparison" className="scroll-mt-20 bg-card/30 py-20">
      <div className="mx-auto max-w-5xl px-4 md:px-6">
        <SectionHeading eyebrow="Compare" title="Why artists choose human mastering">
          What you get here, against mastering it yourself or a cheap automated service.
        </SectionHeading>
        <ScrollRegion label="Comparison table" className="rounded-xl border border-border bg-card">
          <table data-testid="comparison-table" className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">Our mastering compared with DIY mastering and cheap auto-mastering</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="p-4 text-left font-semibold">
                  Feature
                </th>
                <th scope="col" className="bg-primary/10 p-4 text-center font-semibold text-foreground">
                  Our engineers
                </th>
                <th scope="col" className="p-4 text-center font-semibold">
                  DIY mastering
                </th>
                <th scope="col" className="p-4 text-center font-semibold">
                  Cheap auto-mastering
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.feature} className="border-b border-border last:border-0">
                  <th scope="row" className="p-4 text-left font-medium">
                    {row.feature}
                  </th>
                  <td className="bg-primary/10 p-4 text-center">
                    <CellValue value={row.ours} ours />
                  </td>
                  <td className="p-4 text-center">
                    <CellValue value={row.diy} />
                  </td>
                  <td className="p-4 text-center">
                    <CellValue value={row.auto} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
    </section>
  );
}
