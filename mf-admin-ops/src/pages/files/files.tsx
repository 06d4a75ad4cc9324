import { PagePlaceholder } from '@mastering/ui';

/** Audio File Management: not built yet. */
export default function FilesPage() {
  return <PagePlaceholder data-testid="page-files" title="Audio File Management" description="Uploaded tracks with their mastering options and processing status; deliver mastered files." />;
}
