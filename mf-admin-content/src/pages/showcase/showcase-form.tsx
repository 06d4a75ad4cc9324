import {
  GENRES,
  SHOWCASE_MEDIA_FIELDS,
  SHOWCASE_TEXTS,
  ShowcaseTrackForm,
  ShowcaseTrackUpdate,
  type Genre,
  type ShowcaseMediaField,
  type ShowcaseTrack,
} from '@mastering/contracts';
import { Button, checkForm, Field, Input, invalidProps, Label, Select, Switch, Textarea, toast } from '@mastering/ui';
import { useState, type FormEvent } from 'react';
import { showcaseTracks } from '../../api/showcase';
import { useFailureToast } from '../../components/errors';
import { FileField, fileSizeError } from '../../components/fields';

const GENRE_OPTIONS = GENRES.map((genre) => ({ value: genre, label: genre }));
const ACCEPT: Record<ShowcaseMediaField, string> = {
  artwork: 'image/*',
  originalAudio: 'audio/*',
  masteredAudio: 'audio/*',
};
const STORED = { artwork: 'artworkUrl', originalAudio: 'originalAudioUrl', masteredAudio: 'masteredAudioUrl' } as const;
const TEXT_FIELDS = [
  ['title', 'Title'],
  ['artist', 'Artist'],
] as const;
const DESCRIPTIONS = [
  ['beforeDescription', 'Before description', 'What the original sounds like'],
  ['afterDescription', 'After description', 'What mastering changed'],
] as const;

type Values = {
  title: string;
  artist: string;
  genre: Genre;
  beforeDescription: string;
  afterDescription: string;
  isActive: boolean;
  displayOrder: string;
};
type Files = Record<ShowcaseMediaField, File | null>;
const NO_FILES: Files = { artwork: null, originalAudio: null, masteredAudio: null };

/**
 * The showcase upload form (create mode: a new track, display order defaulting to the list's length)
 * or a row's edit form (edit mode: filled with the track; a blank field keeps the stored value and a
 * chosen file replaces the stored one). Checks the fields with the contract before sending.
 */
export function ShowcaseForm({
  track,
  nextDisplayOrder = 0,
  onDone,
}: {
  track?: ShowcaseTrack;
  nextDisplayOrder?: number;
  onDone: () => void;
}) {
  const editing = Boolean(track);
  const [values, setValues] = useState<Values>(() => ({
    title: track?.title ?? '',
    artist: track?.artist ?? '',
    genre: track?.genre ?? 'Electronic',
    beforeDescription: track?.beforeDescription ?? '',
    afterDescription: track?.afterDescription ?? '',
    isActive: track ? track.isActive === 'true' : true,
    // Left blank on create, it becomes the list's length when sent (the list may still be loading now).
    displayOrder: track ? String(track.displayOrder) : '',
  }));
  const [files, setFiles] = useState<Files>(NO_FILES);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const create = showcaseTracks.useCreate();
  const update = showcaseTracks.useUpdate();
  const failure = useFailureToast();
  const busy = create.isPending || update.isPending;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const prefix = track ? `showcase-${track.id}` : 'showcase';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const displayOrder = !editing && values.displayOrder.trim() === '' ? String(nextDisplayOrder) : values.displayOrder;
    const fields = { ...values, displayOrder, isActive: String(values.isActive) };
    const check = checkForm(editing ? ShowcaseTrackUpdate : ShowcaseTrackForm, fields);
    const fileErrors = Object.fromEntries(
      (Object.keys(SHOWCASE_MEDIA_FIELDS) as ShowcaseMediaField[]).flatMap((f) => {
        const message = fileSizeError(files[f], SHOWCASE_MEDIA_FIELDS[f]);
        return message ? [[f, message]] : [];
      }),
    );
    const found = { ...(check.ok ? {} : check.fieldErrors), ...fileErrors };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (track) {
        await update.mutateAsync({ id: track.id, values: { ...fields, ...files } });
        toast({ title: SHOWCASE_TEXTS.updated });
      } else {
        await create.mutateAsync({ ...fields, ...files });
        toast({ title: SHOWCASE_TEXTS.created });
      }
      onDone();
    } catch (error) {
      if (track) failure(error, SHOWCASE_TEXTS.updateFailedTitle, SHOWCASE_TEXTS.updateFailed);
      else failure(error, SHOWCASE_TEXTS.createFailedTitle, SHOWCASE_TEXTS.createFailed);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      data-testid={editing ? 'showcase-edit-form' : 'showcase-form'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([key, label]) => (
          <Field key={key} id={`${prefix}-${key}`} label={label} error={errors[key]}>
            <Input
              id={`${prefix}-${key}`}
              value={values[key]}
              onChange={(e) => set(key, e.target.value)}
              data-testid={`${prefix}-${key}`}
              {...invalidProps(`${prefix}-${key}`, errors[key])}
            />
          </Field>
        ))}
        <div className="space-y-1.5">
          <Label>Genre</Label>
          <Select
            value={values.genre}
            onChange={(genre) => set('genre', genre)}
            options={GENRE_OPTIONS}
            aria-label={`Genre: ${values.genre}`}
            data-testid={`${prefix}-genre`}
          />
          {errors.genre && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {errors.genre}
            </p>
          )}
        </div>
        <Field id={`${prefix}-displayOrder`} label="Display order" error={errors.displayOrder}>
          <Input
            id={`${prefix}-displayOrder`}
            type="number"
            min={0}
            placeholder={String(nextDisplayOrder)}
            value={values.displayOrder}
            onChange={(e) => set('displayOrder', e.target.value)}
            {...invalidProps(`${prefix}-displayOrder`, errors.displayOrder)}
          />
        </Field>
        {DESCRIPTIONS.map(([key, label, placeholder]) => (
          <Field key={key} id={`${prefix}-${key}`} label={label} error={errors[key]}>
            <Textarea
              id={`${prefix}-${key}`}
              placeholder={placeholder}
              value={values[key]}
              onChange={(e) => set(key, e.target.value)}
              data-testid={`${prefix}-${key}`}
              {...invalidProps(`${prefix}-${key}`, errors[key])}
            />
          </Field>
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {(Object.keys(SHOWCASE_MEDIA_FIELDS) as ShowcaseMediaField[]).map((f) => (
          <FileField
            key={f}
            id={`${prefix}-${f}`}
            spec={SHOWCASE_MEDIA_FIELDS[f]}
            accept={ACCEPT[f]}
            file={files[f]}
            onChange={(file) => setFiles((current) => ({ ...current, [f]: file }))}
            error={errors[f]}
            current={track?.[STORED[f]] ? 'Stored; choose a file to replace it' : undefined}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <label className="flex items-center gap-3 text-sm font-medium">
          <Switch
            checked={values.isActive}
            onChange={(on) => set('isActive', on)}
            aria-label="Active"
            data-testid={`${prefix}-active`}
          />
          {values.isActive ? 'Active (shown on the home page)' : 'Hidden'}
        </label>
        <div className="flex gap-2">
          {editing && (
            <Button variant="outline" onClick={onDone} disabled={busy}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={busy} data-testid={`${prefix}-submit`}>
            {editing ? (busy ? 'Saving...' : 'Save changes') : busy ? 'Uploading...' : 'Upload Track'}
          </Button>
        </div>
      </div>
    </form>
  );
}
