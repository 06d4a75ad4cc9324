import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  Field,
  Input,
  LoadError,
  type LoadErrorProps,
  serverErrorText,
  Skeleton,
  Switch,
  toast,
} from '@mastering/ui';
import { Save } from 'lucide-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { type InputHTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import type { FieldErrors } from './settings-draft';

/** One card of the Settings screen: its title, what it sets, and its fields. */
export function SettingsSection({
  title,
  description,
  className = 'space-y-4',
  testId,
  children,
}: {
  title: string;
  description: ReactNode;
  /** The layout of the card's content (a column of fields unless said). */
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}

/**
 * A Settings card that loads and saves a section of its own: the load's error with Retry, a placeholder
 * until the draft is made, then the form (`fields`, drawn only once there is a draft), its error and Save.
 */
export function SettingsCardForm({
  title,
  description,
  testId,
  failed,
  ready,
  error,
  saving,
  saveLabel,
  onSubmit,
  fields,
}: {
  title: string;
  description: ReactNode;
  testId: string;
  failed: LoadErrorProps | null;
  /** True once the draft is made from what the server kept. */
  ready: boolean;
  /** The check's message for the whole form, if any. */
  error?: string | null;
  saving: boolean;
  saveLabel: string;
  onSubmit(): void;
  fields(): ReactNode;
}) {
  return (
    <SettingsSection title={title} description={description} className="" testId={testId}>
      {failed ? (
        <LoadError {...failed} />
      ) : !ready ? (
        <Skeleton className="h-32 w-full" />
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {fields()}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" disabled={saving}>
            <Save aria-hidden />
            {saveLabel}
          </Button>
        </form>
      )}
    </SettingsSection>
  );
}

/** One text box of a section: its key (also its id), label, test id, how it is typed, and a note under it. */
export interface TextSetting<K extends string> {
  key: K;
  label: string;
  testId?: string;
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'placeholder' | 'autoComplete'>;
  /** Shown under the box at all times (and read with it). */
  note?: string;
}

/** A section's text boxes in a grid, each with its label and the save's message for it. */
export function TextSettings<K extends string>({
  fields,
  values,
  errors,
  onChange,
  columns = 2,
  testId,
}: {
  fields: readonly TextSetting<K>[];
  values: Record<K, string>;
  errors: FieldErrors;
  onChange: (key: K, value: string) => void;
  columns?: 2 | 3;
  testId?: string;
}) {
  return (
    <div className={cn('grid gap-4', columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')} data-testid={testId}>
      {fields.map(({ key, label, testId: boxTestId, input, note }) => (
        <Field key={key} id={key} label={label} error={errors[key]}>
          <Input
            id={key}
            {...input}
            value={values[key]}
            onChange={(e) => onChange(key, e.target.value)}
            aria-invalid={!!errors[key]}
            aria-describedby={note ? `${key}-note` : undefined}
            data-testid={boxTestId}
          />
          {note && (
            <p id={`${key}-note`} className="text-xs text-muted-foreground">
              {note}
            </p>
          )}
        </Field>
      ))}
    </div>
  );
}

/** A switch with its label and a line saying what it does. */
export function Toggle({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange?: (v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      <Switch
        checked={checked}
        onChange={onChange ?? (() => undefined)}
        disabled={disabled}
        aria-label={label}
        data-testid={id}
      />
    </div>
  );
}

/** One on/off setting of a section: its key, the switch's test id, its label and what it does. */
export interface SwitchSetting<K extends string> {
  key: K;
  testId: string;
  label: string;
  hint: string;
}

/** A section's plain on/off settings, one Toggle each. */
export function SwitchSettings<K extends string>({
  switches,
  values,
  onChange,
}: {
  switches: readonly SwitchSetting<K>[];
  values: Record<K, boolean>;
  onChange: (key: K, value: boolean) => void;
}) {
  return switches.map(({ key, testId, label, hint }) => (
    <Toggle key={key} id={testId} label={label} hint={hint} checked={values[key]} onChange={(v) => onChange(key, v)} />
  ));
}

/**
 * Saves a card that keeps its own section (release pack, releases, claims): the draft is remade from what
 * the server kept and a toast says so, or says why not.
 */
export function saveCard<T, S>(
  save: UseMutationResult<S, unknown, T>,
  data: T,
  savedTitle: string,
  onSaved: (saved: S) => void,
) {
  save.mutate(data, {
    onSuccess: (saved) => {
      onSaved(saved);
      toast({ title: savedTitle });
    },
    onError: (e) =>
      toast({ title: 'Could not save', description: serverErrorText(e, 'Try again.'), variant: 'destructive' }),
  });
}

/**
 * The draft of a card that keeps its own section: made from the section once it has loaded (`kept`),
 * then the admin's; `saveDraft` saves through saveCard and remakes the draft from what the server kept.
 */
export function useCardDraft<S, D, T>(
  kept: S | undefined,
  draftOf: (kept: S) => D,
  save: UseMutationResult<S, unknown, T>,
  savedTitle: string,
) {
  const [draft, setDraft] = useState<D | null>(null);
  useEffect(() => {
    if (kept !== undefined && draft === null) setDraft(draftOf(kept));
  }, [kept, draft, draftOf]);
  const saveDraft = (data: T) => saveCard(save, data, savedTitle, (saved) => setDraft(draftOf(saved)));
  return { draft, setDraft, saveDraft };
}
