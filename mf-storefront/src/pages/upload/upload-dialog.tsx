import { Dialog } from '@mastering/ui';
import { useSiteConfig } from '../../api/site-config';
import { uploadPageSubtitle } from '@mastering/contracts';
import { UploadForm } from './upload-form';

/** The upload modal every "start mastering" button on the home page opens: the same form as /upload. */
export default function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const config = useSiteConfig().data;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Upload Your Track"
      description={config ? uploadPageSubtitle(config) : undefined}
      className="max-w-2xl"
      data-testid="upload-modal"
    >
      <UploadForm />
    </Dialog>
  );
}
