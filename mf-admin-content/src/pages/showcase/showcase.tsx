import { SCREEN_TITLES } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';

/** Showcase Management: not built yet. */
export default function ShowcasePage() {
  return (
    <PagePlaceholder
      data-testid="page-showcase"
      title={SCREEN_TITLES.showcase}
      description="Upload before/after tracks for the public examples player, edit them inline, hide or delete them."
    />
  );
}
