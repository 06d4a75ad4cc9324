import { PagePlaceholder } from '@mastering/ui';

/** Email Templates: not built yet. */
export default function EmailTemplatesPage() {
  return (
    <PagePlaceholder
      data-testid="page-email-templates"
      title="Email Templates"
      description="Templates grouped by category, with create, edit, preview and delete, and Init System Templates."
    />
  );
}
