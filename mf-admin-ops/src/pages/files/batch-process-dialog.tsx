import {
  FILE_STATUSES,
  humanizeStatus,
  UpdateProcessingBody,
  type AdminAudioFile,
  type FileStatus,
} from '@mastering/contracts';
import { Button, checkForm, Dialog, Label, Progress, Select, Textarea } from '@mastering/ui';
import { useId, useState } from 'react';
import type { BatchOutcome } from '../../api/batch-run';
import { useBatchProcess } from '../../api/batch-process';

type Progressed = { finished: number; total: number };

/**
 * Batch Process: select files of the page, choose the status (and notes) they get, and run it; a bar
 * shows how many are done, and each file the server refused is listed with its reason.
 */
export function BatchProcessDialog({
  open,
  files,
  onClose,
}: {
  open: boolean;
  files: AdminAudioFile[];
  onClose: () => void;
}) {
  const id = useId();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState<FileStatus>('processing');
  const [notes, setNotes] = useState('');
  const [progress, setProgress] = useState<Progressed | null>(null);
  const [outcome, setOutcome] = useState<BatchOutcome<{ id: string; name: string }> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const batch = useBatchProcess();
  const all = files.length > 0 && files.every((f) => selected.has(f.id));
  const toggle = (fileId: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(fileId)) next.add(fileId);
      return next;
    });

  const run = () => {
    const checked = checkForm(UpdateProcessingBody, { processingStatus: status, processingNotes: notes || undefined });
    if (!checked.ok) return setProblem(checked.message);
    const chosen = files.filter((f) => selected.has(f.id)).map((f) => ({ id: f.id, name: f.originalName }));
    if (chosen.length === 0) return setProblem('Select at least one file.');
    setProblem(null);
    setOutcome(null);
    setProgress({ finished: 0, total: chosen.length });
    batch.mutate(
      { files: chosen, body: checked.data, onProgress: (finished, total) => setProgress({ finished, total }) },
      { onSuccess: setOutcome },
    );
  };
  const close = () => {
    if (batch.isPending) return;
    setSelected(new Set());
    setProgress(null);
    setOutcome(null);
    setProblem(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Batch Process"
      description="Give the selected files of this page a processing status (and notes), one after another."
      data-testid="batch-process-dialog"
    >
      <div className="space-y-4">
        <fieldset className="max-h-56 space-y-1 overflow-y-auto rounded-lg border border-border p-2 text-sm">
          <legend className="sr-only">Files</legend>
          <label className="flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              checked={all}
              onChange={() => setSelected(all ? new Set() : new Set(files.map((f) => f.id)))}
            />
            Select all ({files.length})
          </label>
          {files.map((f) => (
            <label key={f.id} className="flex items-center gap-2" data-testid="batch-file">
              <input type="checkbox" checked={selected.has(f.id)} onChange={() => toggle(f.id)} />
              <span className="min-w-0 flex-1 truncate">{f.originalName}</span>
              <span className="text-muted-foreground">{humanizeStatus(f.processingStatus)}</span>
            </label>
          ))}
        </fieldset>
        <div className="space-y-1.5">
          <Label>New status</Label>
          <Select
            value={status}
            onChange={setStatus}
            options={FILE_STATUSES.map((s) => ({ value: s, label: humanizeStatus(s) }))}
            aria-label="New status"
            data-testid="batch-status"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-notes`}>Processing Notes (optional)</Label>
          <Textarea id={`${id}-notes`} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </div>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        {progress && (
          <div className="space-y-1" data-testid="batch-progress">
            <Progress
              value={progress.total ? progress.finished / progress.total : 0}
              label="Batch progress"
              tone={outcome ? (outcome.failed.length ? 'destructive' : 'success') : 'default'}
            />
            <p className="text-sm" role="status">
              {progress.finished} of {progress.total} processed
              {outcome && `: ${outcome.done} changed, ${outcome.failed.length} refused`}
            </p>
          </div>
        )}
        {outcome && outcome.failed.length > 0 && (
          <ul className="space-y-1 text-sm text-destructive" data-testid="batch-failures">
            {outcome.failed.map(({ item, reason }) => (
              <li key={item.id}>
                {item.name}: {reason}
              </li>
            ))}
          </ul>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close} disabled={batch.isPending}>
            Close
          </Button>
          <Button onClick={run} disabled={batch.isPending || selected.size === 0} data-testid="batch-run">
            {batch.isPending ? 'Processing...' : `Process ${selected.size} file${selected.size === 1 ? '' : 's'}`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
