import { mediaTooLarge, type MediaField } from '@mastering/contracts';
import { Button, Dialog, Field, Skeleton } from '@mastering/ui';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

/** The size message for a chosen file over its field's limit (the server checks again, and the bytes). */
export const fileSizeError = (file: File | null | undefined, spec: MediaField) =>
  file && file.size > spec.maxMb * 1024 * 1024 ? mediaTooLarge(spec.label, spec.maxMb) : undefined;

/** A file chooser for one upload field; `current` names what is stored now (edit mode). */
export function FileField({
  id,
  spec,
  accept,
  file,
  onChange,
  error,
  current,
}: {
  id: string;
  spec: MediaField;
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  current?: ReactNode;
}) {
  return (
    <Field id={id} label={spec.label} error={error}>
      <input
        id={id}
        name={id}
        type="file"
        accept={accept}
        data-testid={id}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="block w-full text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground"
      />
      <p className="text-xs text-muted-foreground">
        {file ? `${file.name} selected` : (current ?? 'Optional')} · up to {spec.maxMb}MB
      </p>
    </Field>
  );
}

/** Asks before deleting: the spec's confirmation for showcase tracks and testimonials. */
export function ConfirmDelete({
  open,
  what,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  what: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Are you sure?"
      description={`Delete ${what}? This cannot be undone.`}
      data-testid="confirm-delete"
    >
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy} data-testid="confirm-delete-button">
          Delete
        </Button>
      </div>
    </Dialog>
  );
}

/** The spec's three skeleton rows while a list loads. */
export function LoadingRows() {
  return (
    <div className="space-y-3" aria-busy>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-24 w-full" />
      ))}
    </div>
  );
}

/** A row's Edit and Delete buttons (`testId` prefixes their test ids: `<testId>-edit`, `<testId>-delete`). */
export function RowButtons({ testId, onEdit, onDelete }: { testId: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <Button variant="outline" size="sm" onClick={onEdit} data-testid={`${testId}-edit`}>
        <Pencil aria-hidden />
        Edit
      </Button>
      <Button variant="outline" size="sm" onClick={onDelete} data-testid={`${testId}-delete`}>
        <Trash2 aria-hidden />
        Delete
      </Button>
    </>
  );
}
