import { SCREEN_TITLES } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';

/** Payment & Revenue Management: not built yet. */
export default function PaymentsPage() {
  return <PagePlaceholder data-testid="page-payments" title={SCREEN_TITLES.payments} description="Revenue, transactions and success rate over a chosen period, with every payment's details." />;
}
