import { SCREEN_TITLES, uploadPageSubtitle } from '@mastering/contracts';
import { PagePlaceholder } from '@mastering/ui';
import { useSiteConfig } from '../../api/site-config';
import { PageFrame } from '../../components/page-frame';

/** Upload Your Track: the standalone upload page; the upload form comes in a later release. */
export default function UploadPage() {
  const config = useSiteConfig();
  return (
    <PageFrame testId="page-upload">
      <PagePlaceholder
        title={SCREEN_TITLES.upload}
        description={`${config.data ? `${uploadPageSubtitle(config.data)}. ` : ''}Uploading and checkout open here in a later release.`}
      />
    </PageFrame>
  );
}
