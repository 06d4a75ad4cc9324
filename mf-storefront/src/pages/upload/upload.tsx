import { PagePlaceholder } from '@mastering/ui';
import { PageFrame } from '../../components/page-frame';

/** Upload Your Track: the standalone upload page; the upload form comes in a later release. */
export default function UploadPage() {
  return (
    <PageFrame testId="page-upload">
      <PagePlaceholder
        title="Upload Your Track"
        description="Professional mastering with 48-hour turnaround • R499 per track, 35% off total. Uploading and checkout open here in a later release."
      />
    </PageFrame>
  );
}
