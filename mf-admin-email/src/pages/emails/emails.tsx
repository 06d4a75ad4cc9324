import { SCREEN_TITLES } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';

/** Email Management (campaigns): not built yet. */
export default function EmailsPage() {
  return (
    <PagePlaceholder
      data-testid="page-emails"
      title={SCREEN_TITLES.emails}
      description="Marketing campaigns, campaign templates and email analytics, with a New Campaign dialog."
    />
  );
}
