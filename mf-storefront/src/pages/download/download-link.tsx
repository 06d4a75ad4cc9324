import { DOWNLOAD_TEXTS } from '@mastering/contracts';
import { buttonVariants } from '@mastering/ui/core';
import { Download } from 'lucide-react';

/** One file's Download button (the browser saves it; its label names the file for screen readers). */
export function DownloadLink({ url, name }: { url: string; name: string }) {
  return (
    <a
      href={url}
      download
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
      aria-label={`${DOWNLOAD_TEXTS.download} ${name}`}
    >
      <Download aria-hidden />
      {DOWNLOAD_TEXTS.download}
    </a>
  );
}
