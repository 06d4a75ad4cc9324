import { SCREEN_TITLES } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';

/** Analytics & Reports: not built yet. */
export default function AnalyticsPage() {
  return <PagePlaceholder data-testid="page-analytics" title={SCREEN_TITLES.analytics} description="Revenue, orders, conversion and customer metrics per period, with top genres and processing metrics." />;
}
