import { buttonVariants } from '@mastering/ui/core';
import { Package } from 'lucide-react';
import { OutcomeCard } from '../../components/outcome-frame';

/** The order page's release pack (issue 54): a delivered pack's files and zip are on its download page. */
export function ReleasePackLink({ url }: { url: string | null | undefined }) {
  if (!url) return null;
  return (
    <OutcomeCard title="Release pack" testId="order-release-pack">
      <p className="mb-3 text-sm text-muted-foreground">
        Every format you ordered, with your release metadata embedded: download each file or all of them as one zip.
      </p>
      <a
        href={url}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
        data-testid="order-release-pack-link"
      >
        <Package aria-hidden />
        Open the release pack downloads
      </a>
    </OutcomeCard>
  );
}
