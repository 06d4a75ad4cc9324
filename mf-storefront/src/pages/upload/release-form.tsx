import {
  AUDIO_FILE_ACCEPT,
  MAX_GAP_SECONDS,
  MAX_REFERENCES,
  RELEASE_CHOICE_LABELS,
  RELEASE_CHOICES,
  REFERENCE_ASPECTS,
  type OrderFileInput,
  type ReleaseChoice,
  type ReleaseInput,
} from '@mastering/contracts';
import { Button, cn, Input, Label, Select, Textarea } from '@mastering/ui';
import { ArrowDown, ArrowUp, GripVertical, X } from 'lucide-react';
import { useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import {
  anchorOf,
  gapOf,
  moveTo,
  runningOrder,
  type ReferenceChoice,
  type ReleaseDraft,
} from '../../lib/release-draft';
import type { UploadItem } from '../../lib/upload-items';
import type { UploadQueue } from './use-upload-queue';

// The release part of the upload form (issue 55): single, EP or album; for a release its title,
// artist, notes, running order (drag a row, or its move up/down buttons from the keyboard), the gap
// before each track, the anchor, and up to three reference tracks for the release and for each track.

const NO_GAP = 'none';
const GAP_OPTIONS = [
  { value: NO_GAP, label: 'No gap' },
  ...Array.from({ length: MAX_GAP_SECONDS * 2 + 1 }, (_, i) => ({ value: String(i / 2), label: `${i / 2} s` })),
];
const WHOLE_RELEASE = '';

/** The release fields of the upload form; `tracks` are the uploads in upload order, `references` their own queue. */
export function ReleaseForm({
  draft,
  setDraft,
  tracks,
  references,
}: {
  draft: ReleaseDraft;
  setDraft: Dispatch<SetStateAction<ReleaseDraft>>;
  tracks: readonly UploadItem[];
  references: UploadQueue;
}) {
  const ids = useId();
  const update = (change: Partial<ReleaseDraft>) => setDraft((current) => ({ ...current, ...change }));
  const ordered = runningOrder(draft, tracks);
  const anchor = anchorOf(draft, ordered);
  const order = ordered.map((item) => item.id);

  return (
    <fieldset className="space-y-4" data-testid="release-form">
      <legend className="mb-2 text-sm font-semibold">Single, EP or album</legend>
      <div
        role="radiogroup"
        aria-label="Release"
        className="grid grid-cols-3 rounded-lg bg-muted p-1 text-xs font-semibold"
      >
        {RELEASE_CHOICES.map((choice: ReleaseChoice) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control, as the form's other choices
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={draft.choice === choice}
            data-testid={`release-${choice}`}
            onClick={() => update({ choice })}
            className={cn(
              'rounded-md py-1.5 transition-colors',
              draft.choice === choice ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground',
            )}
          >
            {RELEASE_CHOICE_LABELS[choice]}
          </button>
        ))}
      </div>
      {draft.choice !== 'single' && (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-title`}>Title</Label>
              <Input
                id={`${ids}-title`}
                value={draft.title}
                onChange={(e) => update({ title: e.target.value })}
                data-testid="release-title"
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${ids}-artist`}>Artist</Label>
              <Input
                id={`${ids}-artist`}
                value={draft.artist}
                onChange={(e) => update({ artist: e.target.value })}
                data-testid="release-artist"
              />
            </div>
          </div>
          <RunningOrder
            ordered={ordered}
            anchor={anchor}
            draft={draft}
            setDraft={setDraft}
            move={(id, to) => update({ order: moveTo(order, id, to) })}
          />
          <div className="space-y-1.5">
            <Label htmlFor={`${ids}-notes`}>Notes to the engineer (the whole release)</Label>
            <Textarea
              id={`${ids}-notes`}
              value={draft.notes}
              onChange={(e) => update({ notes: e.target.value })}
              data-testid="release-notes"
            />
          </div>
          <References draft={draft} setDraft={setDraft} ordered={ordered} queue={references} />
        </>
      )}
    </fieldset>
  );
}

/** The tracks in running order: drag a row to move it, or its buttons; gap, anchor and notes per track. */
function RunningOrder({
  ordered,
  anchor,
  draft,
  setDraft,
  move,
}: {
  ordered: readonly UploadItem[];
  anchor: string | null;
  draft: ReleaseDraft;
  setDraft: Dispatch<SetStateAction<ReleaseDraft>>;
  move: (id: string, to: number) => void;
}) {
  const dragged = useRef<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const setFor = <K extends 'gaps' | 'trackNotes'>(key: K, id: string, value: ReleaseDraft[K][string]) =>
    setDraft((current) => ({ ...current, [key]: { ...current[key], [id]: value } }));
  if (ordered.length === 0) return <p className="text-sm text-muted-foreground">Upload the tracks to order them.</p>;
  return (
    <ol className="space-y-2" aria-label="Running order" data-testid="running-order">
      {ordered.map((item, i) => {
        const gap = gapOf(draft, item.id);
        return (
          <li
            key={item.id}
            draggable
            onDragStart={() => {
              dragged.current = item.id;
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(i);
            }}
            onDragLeave={() => setOver(null)}
            onDrop={(e) => {
              e.preventDefault();
              setOver(null);
              if (dragged.current) move(dragged.current, i);
              dragged.current = null;
            }}
            data-testid="release-track"
            className={cn(
              'space-y-2 rounded-lg border border-border p-3 text-sm',
              over === i && 'border-primary bg-primary/10',
            )}
          >
            <div className="flex items-center gap-2">
              <GripVertical className="size-4 shrink-0 cursor-grab text-muted-foreground" aria-hidden />
              <span className="w-6 tabular-nums text-muted-foreground">{String(i + 1).padStart(2, '0')}</span>
              <span className="min-w-0 flex-1 truncate font-medium" data-testid="release-track-name">
                {item.name}
              </span>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={`Move ${item.name} up`}
                disabled={i === 0}
                onClick={() => move(item.id, i - 1)}
              >
                <ArrowUp className="size-4" aria-hidden />
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={`Move ${item.name} down`}
                disabled={i === ordered.length - 1}
                onClick={() => move(item.id, i + 1)}
              >
                <ArrowDown className="size-4" aria-hidden />
              </Button>
            </div>
            <div className="flex flex-wrap items-center gap-4">
              <div className="flex items-center gap-2">
                <span className="text-xs text-muted-foreground">Gap before</span>
                <Select
                  aria-label={`Gap before ${item.name}`}
                  value={gap === null ? NO_GAP : String(gap)}
                  onChange={(value) => setFor('gaps', item.id, value === NO_GAP ? null : Number(value))}
                  options={GAP_OPTIONS}
                />
              </div>
              <label className="flex items-center gap-2 text-xs">
                <input
                  type="radio"
                  name="release-anchor"
                  checked={anchor === item.id}
                  onChange={() => setDraft((current) => ({ ...current, anchor: item.id }))}
                  data-testid="release-anchor"
                />
                Anchor (match the others to this one)
              </label>
            </div>
            <Input
              aria-label={`Notes on ${item.name}`}
              placeholder="Notes on this track (optional)"
              value={draft.trackNotes[item.id] ?? ''}
              onChange={(e) => setFor('trackNotes', item.id, e.target.value)}
            />
          </li>
        );
      })}
    </ol>
  );
}

/** The reference tracks: uploaded like the mixes, each for the release or one track, with what to take from it. */
function References({
  draft,
  setDraft,
  ordered,
  queue,
}: {
  draft: ReleaseDraft;
  setDraft: Dispatch<SetStateAction<ReleaseDraft>>;
  ordered: readonly UploadItem[];
  queue: UploadQueue;
}) {
  const input = useRef<HTMLInputElement>(null);
  const choiceOf = (id: string): ReferenceChoice =>
    draft.references[id] ?? { track: WHOLE_RELEASE, takes: [], note: '' };
  const set = (id: string, change: Partial<ReferenceChoice>) =>
    setDraft((current) => ({
      ...current,
      references: { ...current.references, [id]: { ...choiceOf(id), ...change } },
    }));
  return (
    <div className="space-y-2" data-testid="release-references">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">
          Reference tracks (up to {MAX_REFERENCES}, and {MAX_REFERENCES} per track)
        </span>
        <Button type="button" variant="outline" size="sm" onClick={() => input.current?.click()}>
          Add reference
        </Button>
        <input
          ref={input}
          type="file"
          accept={AUDIO_FILE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Reference track"
          data-testid="reference-input"
          onChange={(e) => {
            if (e.target.files?.length) queue.add([...e.target.files]);
            e.target.value = '';
          }}
        />
      </div>
      {queue.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {queue.error}
        </p>
      )}
      <ul className="space-y-2">
        {queue.items.map((ref) => {
          const choice = choiceOf(ref.id);
          return (
            <li key={ref.id} className="space-y-2 rounded-lg border border-border p-3 text-sm" data-testid="reference">
              <div className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate font-medium">{ref.name}</span>
                <span className="text-xs text-muted-foreground" data-testid="reference-status" data-status={ref.status}>
                  {ref.status === 'completed' ? 'Uploaded' : ref.status === 'error' ? 'Upload failed' : 'Uploading'}
                </span>
                <button
                  type="button"
                  aria-label={`Remove ${ref.name}`}
                  onClick={() => queue.remove(ref.id)}
                  className="rounded-md p-1 text-muted-foreground hover:bg-accent"
                >
                  <X className="size-4" aria-hidden />
                </button>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Select
                  aria-label={`${ref.name} is a reference for`}
                  value={choice.track}
                  onChange={(track) => set(ref.id, { track })}
                  options={[
                    { value: WHOLE_RELEASE, label: 'The whole release' },
                    ...ordered.map((item) => ({ value: item.id, label: item.name })),
                  ]}
                />
                {REFERENCE_ASPECTS.map((aspect) => (
                  <label key={aspect} className="flex items-center gap-1 text-xs">
                    <input
                      type="checkbox"
                      checked={choice.takes.includes(aspect)}
                      onChange={(e) =>
                        set(ref.id, {
                          takes: e.target.checked
                            ? [...choice.takes, aspect]
                            : choice.takes.filter((a) => a !== aspect),
                        })
                      }
                    />
                    {aspect}
                  </label>
                ))}
              </div>
              <Input
                aria-label={`What to take from ${ref.name}`}
                placeholder="What to take from it (optional)"
                maxLength={280}
                value={choice.note}
                onChange={(e) => set(ref.id, { note: e.target.value })}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The review step's lines for a release: kind, artist and title, the running order with gaps and the anchor. */
export function ReleaseReview({ release, files }: { release: ReleaseInput; files: readonly OrderFileInput[] }) {
  return (
    <div className="space-y-1" data-testid="review-release">
      <p>
        <span className="text-muted-foreground">{RELEASE_CHOICE_LABELS[release.kind]}: </span>
        {release.artist} – {release.title}
      </p>
      <ol className="list-inside list-decimal text-muted-foreground">
        {release.tracks.map((track, i) => (
          <li key={files[track.file]?.originalFilePath ?? i}>
            {files[track.file]?.originalName} · {track.gapSeconds === null ? 'no gap' : `${track.gapSeconds} s gap`}
            {i === release.anchor && ' · anchor'}
          </li>
        ))}
      </ol>
      {release.references.length > 0 && (
        <p className="text-muted-foreground">
          Reference tracks: {release.references.map((r) => r.originalName).join(', ')}
        </p>
      )}
    </div>
  );
}
