import { AUDIO_FILE_ACCEPT, REPLACE_TEXTS, type OrderTrackView } from '@mastering/contracts';
import { buttonVariants, cn, Progress, serverErrorText } from '@mastering/ui/core';
import { Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useReplaceTrack } from '../../api/order-page';
import { useSiteConfig } from '../../api/site-config';
import { uploadTrack, type RunningUpload } from '../../api/uploads';
import { checkChosenFiles } from '../../lib/upload-items';

/**
 * Replace file, for a track the analysis flagged: the new file is checked like the upload page checks it
 * (audio only, the size limit, the same messages), sent through the same resumable upload with its
 * progress, then the track is pointed at it. The server decides; its refusal is shown as it says.
 */
export function ReplaceFile({ orderId, token, track }: { orderId: string; token: string; track: OrderTrackView }) {
  const id = useId();
  const maxFileSizeMb = useSiteConfig().data?.maxFileSizeMb;
  const replace = useReplaceTrack(orderId, token);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<RunningUpload | null>(null);
  // Leaving the page stops an upload under way (its unused bytes are swept later).
  useEffect(() => () => running.current?.abort(), []);

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const check = checkChosenFiles([file], maxFileSizeMb);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    setProgress(0);
    const upload = uploadTrack(file, (sent, total) => setProgress(total > 0 ? sent / total : 0));
    running.current = upload;
    upload.done
      .then((originalFilePath) => replace.mutateAsync({ fileId: track.id, originalFilePath }))
      .catch((cause: unknown) => setError(serverErrorText(cause, REPLACE_TEXTS.failed)))
      .finally(() => {
        running.current = null;
        setProgress(null);
      });
  };

  const uploading = progress !== null;
  return (
    <div className="space-y-2" data-testid="replace-file">
      <label
        htmlFor={`${id}-file`}
        className={cn(
          buttonVariants({ variant: 'default', size: 'sm' }),
          uploading && 'pointer-events-none opacity-50',
        )}
      >
        <Upload aria-hidden />
        {REPLACE_TEXTS.button}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept={AUDIO_FILE_ACCEPT}
        className="sr-only"
        aria-label={REPLACE_TEXTS.chooseLabel(track.originalName)}
        disabled={uploading}
        onChange={(e) => {
          choose(e.target.files);
          e.target.value = '';
        }}
        data-testid="replace-file-input"
      />
      {uploading && (
        <div className="space-y-1" data-testid="replace-file-progress">
          <Progress value={progress} label={REPLACE_TEXTS.uploading(Math.round(progress * 100))} />
          <p className="text-sm text-muted-foreground">{REPLACE_TEXTS.uploading(Math.round(progress * 100))}</p>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid="replace-file-error">
          {error}
        </p>
      )}
    </div>
  );
}
