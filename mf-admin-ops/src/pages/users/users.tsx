import { SCREEN_TITLES } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';

/** User Management: not built yet. */
export default function UsersPage() {
  return <PagePlaceholder data-testid="page-users" title={SCREEN_TITLES.users} description="Create, edit and remove staff and customer accounts and their roles." />;
}
