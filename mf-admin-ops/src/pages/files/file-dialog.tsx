import {
  AUDIO_FILE_ACCEPT,
  FILE_STATUSES,
  FILE_TEXTS,
  formatBytes,
  formatOrderDate,
  formatTrackTime,
  humanizeStatus,
  shortId,
  UpdateProcessingBody,
  type AdminAudioFile,
  type DownloadKind,
  type FileStatus,
} from '@mastering/contracts';
import {
  Badge,
  Button,
  checkForm,
  cn,
  Dialog,
  errorMessage,
  Label,
  Progress,
  Select,
  Textarea,
  toast,
  type WaveformMarker,
} from '@mastering/ui';
import { CircleAlert, CircleCheck, Download, Loader, Upload } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { downloadAudioFile, MasterUploadError, useUpdateProcessing, useUploadMaster } from '../../api/audio-files';
import { AudioFileAnalysisPanel } from '../../components/audio-analysis/analysis-panel';
import { MixCheckPanel } from '../../components/audio-analysis/mix-check-panel';
import { StreamingPreviewPanel } from '../../components/audio-analysis/streaming-preview-panel';

/** A file's processing status: completed green, error red, processing secondary, uploaded outline. */
export function FileStatusBadge({ status }: { status: FileStatus }) {
  if (status === 'completed')
    return (
      <Badge variant="success" className="capitalize">
        <CircleCheck aria-hidden />
        {status}
      </Badge>
    );
  if (status === 'error')
    return (
      <Badge variant="destructive" className="capitalize">
        <CircleAlert aria-hidden />
        {status}
      </Badge>
    );
  if (status === 'processing')
    return (
      <Badge variant="secondary" className="capitalize">
        <Loader aria-hidden />
        {status}
      </Badge>
    );
  return (
    <Badge variant="outline" className="capitalize">
      {status}
    </Badge>
  );
}

/** Download buttons for the original and (when there is one) the master, through short-lived signed links. */
export function DownloadButtons({ file, compact }: { file: AdminAudioFile; compact?: boolean }) {
  const [busy, setBusy] = useState<DownloadKind | null>(null);
  const start = async (event: React.MouseEvent, kind: DownloadKind) => {
    // Inside a table row, a click here must not also open the row.
    event.stopPropagation();
    setBusy(kind);
    try {
      await downloadAudioFile(file.id, kind);
    } catch (err) {
      toast({ title: 'Download failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  const size = compact ? 'sm' : 'default';
  return (
    // In the files table the two buttons stack, so every column fits a laptop's width.
    <div className={cn('flex gap-2', compact && 'flex-col items-stretch')}>
      <Button
        variant="outline"
        size={size}
        onClick={(e) => void start(e, 'original')}
        disabled={busy !== null}
        aria-label={`Download original of ${file.originalName}`}
        data-testid="download-original"
      >
        <Download aria-hidden />
        Original
      </Button>
      {file.masteredFilePath && (
        <Button
          variant="outline"
          size={size}
          onClick={(e) => void start(e, 'mastered')}
          disabled={busy !== null}
          aria-label={`Download master of ${file.originalName}`}
          data-testid="download-master"
        >
          <Download aria-hidden />
          Master
        </Button>
      )}
    </div>
  );
}

const STEP_MESSAGE = {
  url: FILE_TEXTS.uploadUrlFailed,
  storage: FILE_TEXTS.storageFailed,
  confirm: FILE_TEXTS.confirmFailed,
} as const;

/** The file detail dialog: what the customer asked for, Update Status, Upload Mastered and downloads. */
export function FileDialog({ file, onClose }: { file: AdminAudioFile | null; onClose: () => void }) {
  return (
    <Dialog
      open={file !== null}
      onClose={onClose}
      title={file?.originalName ?? 'Audio file'}
      className="max-w-2xl"
      data-testid="file-dialog"
    >
      {file && (
        <div className="space-y-6 text-sm">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
            <Field label="Customer" value={file.customerEmail} />
            <Field label="Order" value={`#${shortId(file.orderId)} (${humanizeStatus(file.orderStatus)})`} />
            <Field label="Size" value={formatBytes(file.fileSize)} />
            <Field label="MIME type" value={file.mimeType} />
            <Field label="Uploaded" value={formatOrderDate(file.uploadedAt)} />
            {file.replacedAt && <Field label="Replaced by the customer" value={formatOrderDate(file.replacedAt)} />}
            <Field label="Style" value={file.masteringStyle} />
            <Field label="Tone" value={file.tone} />
            <Field label="Loudness" value={file.loudness} />
            <Field label="Volume match" value={file.volumeMatch === 'true' ? 'Yes' : 'No'} />
          </dl>
          <div className="flex flex-wrap items-center gap-3">
            <FileStatusBadge status={file.processingStatus} />
            {file.processedAt && (
              <span className="text-muted-foreground">Processed {formatOrderDate(file.processedAt)}</span>
            )}
          </div>
          {file.latestRevision && (
            <div className="rounded-lg border border-border px-3 py-2" data-testid="file-revision">
              <p className="font-medium">
                Revision requested (round {file.latestRevision.round})
                {file.latestRevision.atSeconds !== null ? ` at ${formatTrackTime(file.latestRevision.atSeconds)}` : ''}
              </p>
              <p className="whitespace-pre-wrap">{file.latestRevision.note}</p>
            </div>
          )}
          <DownloadButtons file={file} />
          {/* Measured loudness, true peak, format and waveform; original beside master once there is one. */}
          <AudioFileAnalysisPanel fileId={file.id} markers={pinnedNotes(file)} />
          <MixCheckPanel fileId={file.id} />
          <StreamingPreviewPanel fileId={file.id} />
          <ProcessingForm file={file} />
          <MasterUpload file={file} />
        </div>
      )}
    </Dialog>
  );
}

/** The customer's revision note pinned to a time of the track, as a waveform marker (none when not pinned). */
const pinnedNotes = (file: AdminAudioFile): WaveformMarker[] =>
  file.latestRevision?.atSeconds != null
    ? [
        {
          seconds: file.latestRevision.atSeconds,
          label: `Round ${file.latestRevision.round}: ${file.latestRevision.note}`,
        },
      ]
    : [];

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate" title={value}>
        {value}
      </dd>
    </div>
  );
}

/** Update Status: sends the status the engineer selected (the original always sent processing) and the notes. */
function ProcessingForm({ file }: { file: AdminAudioFile }) {
  const [status, setStatus] = useState<FileStatus>(file.processingStatus);
  const [notes, setNotes] = useState(file.processingNotes ?? '');
  const update = useUpdateProcessing(file.id);
  useEffect(() => {
    setStatus(file.processingStatus);
    setNotes(file.processingNotes ?? '');
  }, [file.id, file.processingStatus, file.processingNotes]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkForm(UpdateProcessingBody, { processingStatus: status, processingNotes: notes });
    if (!checked.ok) {
      toast({ title: FILE_TEXTS.processingFailed, description: checked.message, variant: 'destructive' });
      return;
    }
    update.mutate(checked.data, {
      onSuccess: () => toast({ title: FILE_TEXTS.processingUpdated }),
      onError: (err) => toast({ title: FILE_TEXTS.processingFailed, description: err.message, variant: 'destructive' }),
    });
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-border p-3"
      data-testid="file-processing-form"
    >
      <div className="space-y-1.5">
        <Label>Update Status</Label>
        <Select
          value={status}
          onChange={setStatus}
          options={FILE_STATUSES.map((s) => ({ value: s, label: humanizeStatus(s) }))}
          aria-label="Processing status"
          data-testid="file-status-select"
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="processing-notes">Processing Notes</Label>
        <Textarea
          id="processing-notes"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          rows={3}
          maxLength={5000}
          data-testid="file-notes"
        />
      </div>
      <Button type="submit" disabled={update.isPending} data-testid="file-update-status">
        Update Status
      </Button>
    </form>
  );
}

/** Upload Mastered: pick the master, watch it upload (resumable), and it is attached to the file. */
function MasterUpload({ file }: { file: AdminAudioFile }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadMaster(file.id);
  const start = (picked: File | undefined) => {
    if (!picked) return;
    setProgress(0);
    upload.mutate(
      { file: picked, onProgress: (sent, total) => setProgress(total > 0 ? sent / total : 0) },
      {
        onSuccess: () => toast({ title: FILE_TEXTS.masteredUploaded }),
        onError: (err) => {
          const step = err instanceof MasterUploadError ? err.step : 'confirm';
          toast({
            title: FILE_TEXTS.masteredFailedTitle,
            description: `${STEP_MESSAGE[step]}: ${err.message}`,
            variant: 'destructive',
          });
        },
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  };
  const tone = upload.isError ? 'destructive' : upload.isSuccess ? 'success' : 'default';
  return (
    <section className="space-y-3 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="font-semibold">Mastered file</h3>
          <p className="text-muted-foreground">
            {file.masteredFilePath ? 'A master is attached. Uploading another replaces it.' : 'No master yet.'}
          </p>
        </div>
        <Button
          type="button"
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
          data-testid="upload-master"
        >
          <Upload aria-hidden />
          Upload Mastered
        </Button>
        <input
          ref={input}
          type="file"
          accept={AUDIO_FILE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Mastered file"
          data-testid="master-file-input"
          onChange={(e) => start(e.target.files?.[0])}
        />
      </div>
      {progress !== null && (
        <div className="space-y-1">
          <Progress
            value={progress}
            label={`Uploading the master of ${file.originalName}`}
            tone={tone}
            data-testid="master-progress"
          />
          <p className="text-xs text-muted-foreground tabular-nums" data-testid="master-progress-text">
            {upload.isSuccess ? 'Uploaded' : upload.isError ? 'Failed' : `${Math.round(progress * 100)}%`}
          </p>
        </div>
      )}
    </section>
  );
}
