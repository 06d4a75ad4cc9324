import { SCREEN_TITLES } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';

/** Order Management: not built yet. */
export default function OrdersPage() {
  return <PagePlaceholder data-testid="page-orders" title={SCREEN_TITLES.orders} description="Every order with its status, customer, files and totals; search, filter and update an order's status." />;
}
