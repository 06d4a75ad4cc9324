import { PagePlaceholder } from '@mastering/ui';

/** Customer Management: not built yet. */
export default function CustomersPage() {
  return <PagePlaceholder data-testid="page-customers" title="Customer Management" description="Customers with their orders, spend and status (active, inactive, VIP); message a customer." />;
}
