import { SCREEN_TITLES } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';

/** Audio File Management: not built yet. */
export default function FilesPage() {
  return <PagePlaceholder data-testid="page-files" title={SCREEN_TITLES.files} description="Uploaded tracks with their mastering options and processing status; deliver mastered files." />;
}
