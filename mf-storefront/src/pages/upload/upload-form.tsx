import {
  AUDIO_FILE_ACCEPT,
  AUDIO_FORMAT_NAMES,
  DEFAULT_PRICING,
  formatBytes,
  GENRES,
  LOUDNESS_LEVELS,
  MASTERING_STYLES,
  TONES,
} from '@mastering/contracts';
import { Button, cn, Input, Label, Progress, Select, Switch, useHydrating } from '@mastering/ui';
import { CircleAlert, CircleCheck, FileAudio, LoaderCircle, Upload, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useSiteConfig } from '../../api/site-config';
import {
  checkProceed,
  DEFAULT_OPTIONS,
  orderSummary,
  type MasteringOptions,
  type UploadItem,
} from '../../lib/upload-items';
import { checkReleaseDraft, configForChoice, EMPTY_RELEASE } from '../../lib/release-draft';
import { DeliverablesPicker, EMPTY_PACK, packChoiceOf, packTotalCents, type PackDraft } from './deliverables-picker';
import { MixCheckReport } from './mix-check-report';
import { OrderSummary } from './order-summary';
import { PaymentDialog, type OrderWithPack } from './payment-dialog';
import { ReleaseForm } from './release-form';
import { useUploadQueue } from './use-upload-queue';

const NO_GENRE = '';
const NO_GENRE_LABEL = 'Not specified';

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  uploading: 'Uploading',
  completed: 'Uploaded',
  error: 'Upload failed',
};

/** One chosen file: name, size, status with its progress bar, and a remove control. */
export function UploadItemRow({ item, onRemove }: { item: UploadItem; onRemove: (id: string) => void }) {
  const percent = Math.round(item.progress * 100);
  return (
    <li
      data-testid="upload-item"
      data-status={item.status}
      className="flex items-center gap-3 rounded-lg border border-border bg-background/60 p-3"
    >
      <FileAudio className="size-5 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="truncate font-medium" title={item.name}>
            {item.name}
          </span>
          <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(item.size)}</span>
        </div>
        <Progress
          value={item.status === 'error' ? 1 : item.progress}
          tone={item.status === 'completed' ? 'success' : item.status === 'error' ? 'destructive' : 'default'}
          label={`${STATUS_TEXT[item.status]} ${item.name}`}
        />
        <p
          className={cn(
            'flex items-center gap-1 text-xs',
            item.status === 'error'
              ? 'text-red-700 dark:text-red-300'
              : item.status === 'completed'
                ? 'text-success'
                : 'text-muted-foreground',
          )}
          data-testid="upload-item-status"
        >
          {item.status === 'uploading' && <LoaderCircle className="size-3 animate-spin" aria-hidden />}
          {item.status === 'completed' && <CircleCheck className="size-3" aria-hidden />}
          {item.status === 'error' && <CircleAlert className="size-3" aria-hidden />}
          {STATUS_TEXT[item.status]}
          {item.status === 'uploading' && ` · ${percent}%`}
        </p>
        {item.status === 'completed' && item.objectPath && <MixCheckReport objectPath={item.objectPath} />}
      </div>
      <button
        type="button"
        onClick={() => onRemove(item.id)}
        aria-label={`Remove ${item.name}`}
        data-testid="upload-item-remove"
        className="rounded-md p-1.5 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}

function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div className="space-y-1.5">
      <span className="text-sm font-medium">{label}</span>
      <div
        role="radiogroup"
        aria-label={label}
        className="grid rounded-lg bg-muted p-1 text-xs font-semibold"
        style={{ gridTemplateColumns: `repeat(${options.length}, 1fr)` }}
      >
        {options.map((option) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control; each button is a radio to assistive tech, styled as one pill (native radios cannot be)
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={value === option}
            onClick={() => onChange(option)}
            className={cn(
              'rounded-md py-1.5 transition-colors',
              value === option
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {option}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The upload form of the modal and the /upload page: choose or drop audio files (each uploads at
 * once with its progress bar), mastering options, email, order summary and Proceed to Payment, which
 * checks everything (spec §5) and opens the payment modal.
 */
export function UploadForm() {
  const config = useSiteConfig().data;
  const queue = useUploadQueue(config?.maxFileSizeMb);
  const [options, setOptions] = useState<MasteringOptions>(DEFAULT_OPTIONS);
  const [email, setEmail] = useState('');
  const [order, setOrder] = useState<OrderWithPack | null>(null);
  const [pack, setPack] = useState<PackDraft>(EMPTY_PACK);
  const offers = config?.releasePackOffers ?? [];
  const [release, setRelease] = useState(EMPTY_RELEASE);
  const references = useUploadQueue(config?.maxFileSizeMb);
  // An EP's or album's tracks are priced at the release price (Settings), the server prices it again.
  const priced = config && configForChoice(config, release.choice);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();
  // On the prerendered upload page the form shows before its code has run: until it is hydrated it
  // takes no input (inert) and has no file input, whose choice would be lost; it then comes alive.
  const hydrating = useHydrating();
  const set =
    <K extends keyof MasteringOptions>(key: K) =>
    (value: MasteringOptions[K]) =>
      setOptions((current) => ({ ...current, [key]: value }));

  const choose = (files: FileList | null) => {
    if (files && files.length > 0) queue.add([...files]);
    if (input.current) input.current.value = '';
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  const proceed = () => {
    const pricing = priced ? orderSummary(queue.items.length, priced) : null;
    const check = checkProceed(queue.items, email, options, pricing);
    const releaseCheck = check.ok ? checkReleaseDraft(release, queue.items, references.items) : null;
    if (!check.ok || (releaseCheck && !releaseCheck.ok)) {
      queue.setError(!check.ok ? check.message : releaseCheck && !releaseCheck.ok ? releaseCheck.message : null);
      return;
    }
    const packed = packChoiceOf(pack, queue.items);
    if (!packed.ok) {
      queue.setError(packed.message);
      return;
    }
    queue.setError(null);
    setOrder({
      ...check.body,
      releasePack: packed.choice,
      release: releaseCheck?.ok ? releaseCheck.release : undefined,
    });
  };

  return (
    <div className="space-y-6" data-testid="upload-form" inert={hydrating}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged files; the button inside is the keyboard and screen-reader way in */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="dropzone"
        data-dragging={dragging}
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-border p-6 text-center transition-colors',
          dragging && 'border-primary bg-primary/10',
        )}
      >
        <Upload className="size-8 text-primary" aria-hidden />
        <div>
          <p className="font-medium">Drag and drop your tracks here</p>
          <p className="text-sm text-muted-foreground">
            All major audio formats supported ({AUDIO_FORMAT_NAMES.join(', ')}) · up to{' '}
            {config?.maxFileSizeMb ?? DEFAULT_PRICING.maxFileSizeMb}MB per file
          </p>
        </div>
        <Button variant="outline" onClick={() => input.current?.click()}>
          Choose files
        </Button>
        {!hydrating && (
          <input
            ref={input}
            type="file"
            accept={AUDIO_FILE_ACCEPT}
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label="Audio files"
            data-testid="file-input"
            onChange={(event) => choose(event.target.files)}
          />
        )}
      </div>

      {queue.items.length > 0 && (
        <ul className="space-y-2" aria-label="Chosen files" data-testid="upload-list">
          {queue.items.map((item) => (
            <UploadItemRow key={item.id} item={item} onRemove={queue.remove} />
          ))}
        </ul>
      )}

      <ReleaseForm draft={release} setDraft={setRelease} tracks={queue.items} references={references} />

      <fieldset className="space-y-4">
        <legend className="mb-2 text-sm font-semibold">Mastering options</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <span className="text-sm font-medium">Style</span>
            <Select
              aria-label={`Mastering style: ${options.masteringStyle}`}
              data-testid="option-style"
              value={options.masteringStyle}
              onChange={set('masteringStyle')}
              options={MASTERING_STYLES.map((value) => ({ value, label: value }))}
            />
          </div>
          <div className="space-y-1.5">
            <span className="text-sm font-medium">Genre (optional)</span>
            <Select<string>
              aria-label={`Genre: ${options.genre ?? NO_GENRE_LABEL}`}
              data-testid="option-genre"
              value={options.genre ?? NO_GENRE}
              onChange={(value) =>
                setOptions((current) => ({ ...current, genre: GENRES.find((genre) => genre === value) }))
              }
              options={[
                { value: NO_GENRE, label: NO_GENRE_LABEL },
                ...GENRES.map((value) => ({ value, label: value })),
              ]}
            />
          </div>
          <Segmented label="Tone" options={TONES} value={options.tone} onChange={set('tone')} />
          <Segmented label="Loudness" options={LOUDNESS_LEVELS} value={options.loudness} onChange={set('loudness')} />
        </div>
        <label className="flex items-center gap-3 text-sm">
          <Switch
            checked={options.volumeMatch}
            onChange={set('volumeMatch')}
            aria-label="Volume match"
            data-testid="option-volume-match"
          />
          Volume match (match the loudness of your reference)
        </label>
      </fieldset>

      <div className="space-y-1.5">
        <Label htmlFor={`${ids}-email`}>Email address</Label>
        <Input
          id={`${ids}-email`}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="customer-email"
          required
        />
        <p className="text-xs text-muted-foreground">Your master is delivered to this address.</p>
      </div>

      <DeliverablesPicker offers={offers} items={queue.items} value={pack} onChange={setPack} />

      <OrderSummary
        trackCount={queue.items.length}
        config={priced}
        packCents={packTotalCents(pack.formats, queue.items.length, offers)}
      />

      {queue.error && (
        <div
          role="alert"
          data-testid="upload-error"
          className="flex gap-2 rounded-lg border border-destructive/50 bg-destructive/10 p-3 text-sm text-red-700 dark:text-red-300"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {queue.error}
        </div>
      )}

      <Button
        variant="brand"
        size="lg"
        className="w-full"
        disabled={queue.items.length === 0 || !email.trim()}
        onClick={proceed}
        data-testid="proceed-to-payment"
      >
        Proceed to Payment
      </Button>

      {order && priced && <PaymentDialog order={order} config={priced} onClose={() => setOrder(null)} />}
    </div>
  );
}
