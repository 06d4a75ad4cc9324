import { PagePlaceholder } from '@mastering/ui';

/** Analytics & Reports: not built yet. */
export default function AnalyticsPage() {
  return <PagePlaceholder data-testid="page-analytics" title="Analytics & Reports" description="Revenue, orders, conversion and customer metrics per period, with top genres and processing metrics." />;
}
