import {
  TESTIMONIAL_MEDIA_FIELDS,
  TESTIMONIAL_TEXTS,
  TestimonialForm as TestimonialFormSchema,
  TestimonialUpdate,
  type Testimonial,
} from '@mastering/contracts';
import { Button, checkForm, Field, Input, invalidProps, Label, Select, Switch, Textarea, toast } from '@mastering/ui';
import { useState, type FormEvent } from 'react';
import { testimonials } from '../../api/testimonials';
import { useFailureToast } from '../../components/errors';
import { FileField, fileSizeError } from '../../components/fields';

const RATINGS = ['5', '4', '3', '2', '1'] as const;
const RATING_OPTIONS = RATINGS.map((r) => ({ value: r, label: `${r} star${r === '1' ? '' : 's'}` }));
const TEXT_FIELDS = [
  ['name', 'Name', 'text'],
  ['role', 'Role', 'text'],
  ['company', 'Company (optional)', 'text'],
  ['email', 'Email (optional, never shown publicly)', 'email'],
  ['results', 'Results (optional)', 'text'],
] as const;

type Values = {
  name: string;
  role: string;
  company: string;
  email: string;
  content: string;
  rating: (typeof RATINGS)[number];
  results: string;
  isActive: boolean;
  isVerified: boolean;
  displayOrder: string;
};

const valuesOf = (t: Testimonial | undefined): Values => ({
  name: t?.name ?? '',
  role: t?.role ?? '',
  company: t?.company ?? '',
  email: t?.email ?? '',
  content: t?.content ?? '',
  rating: String(t?.rating ?? 5) as Values['rating'],
  results: t?.results ?? '',
  isActive: t ? t.isActive === 'true' : true,
  isVerified: t ? t.isVerified === 'true' : false,
  // Left blank on create, it becomes the list's length when sent (the list may still be loading now).
  displayOrder: t ? String(t.displayOrder) : '',
});

/**
 * The testimonial form in create mode (empty) or edit mode (filled with `testimonial`; a blank
 * required field keeps its value, a blank optional one clears it). Checks with the contract first.
 */
export function TestimonialForm({
  testimonial,
  nextDisplayOrder = 0,
  onDone,
}: {
  testimonial?: Testimonial;
  nextDisplayOrder?: number;
  onDone: () => void;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(testimonial));
  const [avatar, setAvatar] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const create = testimonials.useCreate();
  const update = testimonials.useUpdate();
  const failure = useFailureToast();
  const busy = create.isPending || update.isPending;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const displayOrder =
      !testimonial && values.displayOrder.trim() === '' ? String(nextDisplayOrder) : values.displayOrder;
    const fields = {
      ...values,
      displayOrder,
      isActive: String(values.isActive),
      isVerified: String(values.isVerified),
    };
    const check = checkForm(testimonial ? TestimonialUpdate : TestimonialFormSchema, fields);
    const avatarError = fileSizeError(avatar, TESTIMONIAL_MEDIA_FIELDS.avatar);
    const found = { ...(check.ok ? {} : check.fieldErrors), ...(avatarError ? { avatar: avatarError } : {}) };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      if (testimonial) {
        await update.mutateAsync({ id: testimonial.id, values: { ...fields, avatar } });
        toast({ title: TESTIMONIAL_TEXTS.updated });
      } else {
        await create.mutateAsync({ ...fields, avatar });
        toast({ title: TESTIMONIAL_TEXTS.created });
      }
      onDone();
    } catch (error) {
      if (testimonial) failure(error, TESTIMONIAL_TEXTS.updateFailedTitle, TESTIMONIAL_TEXTS.updateFailed);
      else failure(error, TESTIMONIAL_TEXTS.createFailedTitle, TESTIMONIAL_TEXTS.createFailed);
    }
  };

  const invalid = (key: string) => invalidProps(`testimonial-${key}`, errors[key]);

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      data-testid={testimonial ? 'testimonial-edit-form' : 'testimonial-form'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(([key, label, type]) => (
          <Field key={key} id={`testimonial-${key}`} label={label} error={errors[key]}>
            <Input
              id={`testimonial-${key}`}
              type={type}
              value={values[key]}
              onChange={(e) => set(key, e.target.value)}
              data-testid={`testimonial-${key}`}
              {...invalid(key)}
            />
          </Field>
        ))}
        <div className="space-y-1.5">
          <Label>Rating</Label>
          <Select
            value={values.rating}
            onChange={(rating) => set('rating', rating)}
            options={RATING_OPTIONS}
            aria-label={`Rating: ${RATING_OPTIONS.find((o) => o.value === values.rating)?.label}`}
            data-testid="testimonial-rating"
          />
          {errors.rating && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {errors.rating}
            </p>
          )}
        </div>
        <Field id="testimonial-content" label="Testimonial" error={errors.content} className="sm:col-span-2">
          <Textarea
            id="testimonial-content"
            rows={4}
            value={values.content}
            onChange={(e) => set('content', e.target.value)}
            data-testid="testimonial-content"
            {...invalid('content')}
          />
        </Field>
        <Field id="testimonial-displayOrder" label="Display order" error={errors.displayOrder}>
          <Input
            id="testimonial-displayOrder"
            type="number"
            min={0}
            placeholder={String(nextDisplayOrder)}
            value={values.displayOrder}
            onChange={(e) => set('displayOrder', e.target.value)}
            {...invalid('displayOrder')}
          />
        </Field>
        <FileField
          id="testimonial-avatar"
          spec={TESTIMONIAL_MEDIA_FIELDS.avatar}
          accept="image/*"
          file={avatar}
          onChange={setAvatar}
          error={errors.avatar}
          current={testimonial?.avatarUrl ? 'Stored; choose a file to replace it' : undefined}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap gap-6">
          <label className="flex items-center gap-3 text-sm font-medium">
            <Switch
              checked={values.isActive}
              onChange={(on) => set('isActive', on)}
              aria-label="Active"
              data-testid="testimonial-active"
            />
            {values.isActive ? 'Active' : 'Hidden'}
          </label>
          <label className="flex items-center gap-3 text-sm font-medium">
            <Switch
              checked={values.isVerified}
              onChange={(on) => set('isVerified', on)}
              aria-label="Verified"
              data-testid="testimonial-verified"
            />
            Verified
          </label>
        </div>
        <div className="flex gap-2">
          {testimonial && (
            <Button variant="outline" onClick={onDone} disabled={busy}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={busy} data-testid="testimonial-submit">
            {testimonial ? (busy ? 'Saving...' : 'Update Testimonial') : busy ? 'Creating...' : 'Create Testimonial'}
          </Button>
        </div>
      </div>
    </form>
  );
}
