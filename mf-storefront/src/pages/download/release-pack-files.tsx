import { formatBytes, type DeliveryPackFile } from '@mastering/contracts';
import { Package } from 'lucide-react';
import { OutcomeCard } from '../../components/outcome-frame';
import { DownloadLink } from './download-link';

/** The delivery's release pack (issue 54): each rendered file alone; "Download all" zips them with the masters. */
export function ReleasePackFiles({ files }: { files: readonly DeliveryPackFile[] }) {
  if (files.length === 0) return null;
  return (
    <OutcomeCard title="Release pack" testId="download-pack">
      <ul className="divide-y divide-border">
        {files.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="download-pack-file">
            <Package className="size-5 text-primary" aria-hidden />
            <span className="min-w-0 flex-1 truncate font-medium">{file.name}</span>
            <span className="text-sm text-muted-foreground">{file.label}</span>
            <span className="text-sm text-muted-foreground tabular-nums">{formatBytes(file.size)}</span>
            <DownloadLink url={file.url} name={file.name} />
          </li>
        ))}
      </ul>
    </OutcomeCard>
  );
}
