import {
  DOWNLOAD_TEXTS,
  formatBytes,
  formatOrderDate,
  RETENTION_TEXTS,
  SCREEN_TITLES,
  shortId,
} from '@mastering/contracts';
import { ApiError, buttonVariants, Spinner } from '@mastering/ui/core';
import { CircleCheck, Clock, Download, FileAudio, Link2Off } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { useDelivery } from '../../api/downloads';
import { OutcomeCard, OutcomeFrame } from '../../components/outcome-frame';
import { DownloadLink } from './download-link';
import { ReleasePackFiles } from './release-pack-files';

/** The customer's download page: every master of the delivered order, one by one or as a zip, until the link expires. */
export default function DownloadPage() {
  const { token = '' } = useParams();
  const { data, error, isLoading } = useDelivery(token);

  if (isLoading) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" data-testid="page-download">
        <Spinner label={DOWNLOAD_TEXTS.loading} />
      </div>
    );
  }
  if (error || !data) {
    const expired = error instanceof ApiError && error.status === 410;
    return (
      <OutcomeFrame
        testId="page-download"
        icon={expired ? Clock : Link2Off}
        tone={expired ? 'warning' : 'destructive'}
        title={expired ? DOWNLOAD_TEXTS.expiredTitle : DOWNLOAD_TEXTS.invalidTitle}
        lead={expired ? DOWNLOAD_TEXTS.expired : DOWNLOAD_TEXTS.invalid}
      >
        <div className="flex justify-center" data-testid={expired ? 'download-expired' : 'download-invalid'}>
          <a href="/" className={buttonVariants({ variant: 'outline' })}>
            Back to the site
          </a>
        </div>
      </OutcomeFrame>
    );
  }
  return (
    <OutcomeFrame
      testId="page-download"
      icon={CircleCheck}
      tone="success"
      title={SCREEN_TITLES.download}
      lead={DOWNLOAD_TEXTS.intro}
    >
      <OutcomeCard title={`Order #${shortId(data.orderId)}`} testId="download-files">
        <ul className="divide-y divide-border">
          {data.files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="download-file">
              <FileAudio className="size-5 text-primary" aria-hidden />
              <span className="min-w-0 flex-1 truncate font-medium">{file.name}</span>
              {file.audioDeleted ? (
                <span className="text-sm text-muted-foreground" data-testid="audio-deleted">
                  {RETENTION_TEXTS.deleted(data.retentionDays)}
                </span>
              ) : (
                <>
                  <span className="text-sm text-muted-foreground tabular-nums">{formatBytes(file.size)}</span>
                  <DownloadLink url={file.url} name={file.name} />
                </>
              )}
              {file.loudness && (
                <p className="w-full pl-8 text-sm text-muted-foreground" data-testid="download-loudness">
                  {file.loudness}
                </p>
              )}
            </li>
          ))}
        </ul>
      </OutcomeCard>
      {!data.files.every((file) => file.audioDeleted) && <ReleasePackFiles files={data.packFiles ?? []} />}
      {data.files.every((file) => file.audioDeleted) ? null : (
        <div className="flex flex-col items-center gap-3">
          <a href={data.archiveUrl} download className={buttonVariants({ size: 'lg' })} data-testid="download-all">
            <Download aria-hidden />
            {DOWNLOAD_TEXTS.downloadAll}
          </a>
          <p className="text-sm text-muted-foreground" data-testid="download-expiry">
            {DOWNLOAD_TEXTS.expires(formatOrderDate(data.expiresAt))}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="retention-notice">
            {RETENTION_TEXTS.notice(data.retentionDays)}
          </p>
        </div>
      )}
    </OutcomeFrame>
  );
}
