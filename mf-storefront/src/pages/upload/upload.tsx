import { SCREEN_TITLES, uploadPageSubtitle } from '@mastering/contracts';
import { useSiteConfig } from '../../api/site-config';
import { PageFrame } from '../../components/page-frame';
import { UploadForm } from './upload-form';

/** Upload Your Track: the standalone upload page, with the same form (and payment modal) as the home page's modal. */
export default function UploadPage() {
  const config = useSiteConfig().data;
  return (
    <PageFrame testId="page-upload">
      <div className="mx-auto w-full max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight">{SCREEN_TITLES.upload}</h1>
        <p className="mt-2 mb-8 text-muted-foreground" data-testid="upload-subtitle">
          {config ? uploadPageSubtitle(config) : '\u00a0'}
        </p>
        <div className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8">
          <UploadForm />
        </div>
      </div>
    </PageFrame>
  );
}
