import { PagePlaceholder } from '@mastering/ui';

/** Showcase Management: not built yet. */
export default function ShowcasePage() {
  return (
    <PagePlaceholder
      data-testid="page-showcase"
      title="Showcase Management"
      description="Upload before/after tracks for the public examples player, edit them inline, hide or delete them."
    />
  );
}
