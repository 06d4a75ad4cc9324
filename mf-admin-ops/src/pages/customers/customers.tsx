import { SCREEN_TITLES } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';

/** Customer Management: not built yet. */
export default function CustomersPage() {
  return <PagePlaceholder data-testid="page-customers" title={SCREEN_TITLES.customers} description="Customers with their orders, spend and status (active, inactive, VIP); message a customer." />;
}
