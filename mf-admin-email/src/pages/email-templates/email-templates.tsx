import { SCREEN_TITLES } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';

/** Email Templates: not built yet. */
export default function EmailTemplatesPage() {
  return (
    <PagePlaceholder
      data-testid="page-email-templates"
      title={SCREEN_TITLES['email-templates']}
      description="Templates grouped by category, with create, edit, preview and delete, and Init System Templates."
    />
  );
}
