import {
  TEMPLATE_TEXTS,
  TEMPLATE_TYPES,
  TemplateBody,
  type EmailTemplate,
  type TemplatePreviewBody,
  type TemplateType,
} from '@mastering/contracts';
import {
  Button,
  checkForm,
  errorMessage,
  Field,
  Input,
  invalidProps,
  Select,
  serverErrorText,
  Switch,
  Textarea,
  toast,
} from '@mastering/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useCreateTemplate, usePreview, useUpdateTemplate } from '../../api/templates';
import { MailFrame } from '../../components/mail-frame';

const TYPE_OPTIONS = TEMPLATE_TYPES.map((type) => ({ value: type, label: type.replaceAll('_', ' ') }));
const PREVIEW_DELAY_MS = 400;

type Values = {
  name: string;
  subject: string;
  htmlContent: string;
  textContent: string;
  type: TemplateType;
  description: string;
  isActive: boolean;
};

const valuesOf = (t: EmailTemplate | undefined): Values => ({
  name: t?.name ?? '',
  subject: t?.subject ?? '',
  htmlContent: t?.htmlContent ?? '',
  textContent: t?.textContent ?? '',
  type: t?.type ?? 'custom',
  description: t?.description ?? '',
  isActive: t ? t.isActive === 'true' : true,
});

/** The preview request for the fields, once they have been still for a moment. */
function useDebouncedPreview(values: Values) {
  const [body, setBody] = useState<TemplatePreviewBody | null>(null);
  useEffect(() => {
    const timer = setTimeout(
      () =>
        setBody({
          subject: values.subject,
          htmlContent: values.htmlContent,
          textContent: values.textContent || undefined,
          type: values.type,
        }),
      PREVIEW_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [values.subject, values.htmlContent, values.textContent, values.type]);
  return usePreview(body);
}

/**
 * Create or edit a template beside a live preview of the rendered mail (sample values filled in).
 * HTML content may be MJML (compiled by the server) or plain HTML; `{{variables}}` are escaped.
 */
export function TemplateForm({ template, onDone }: { template?: EmailTemplate; onDone: () => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(template));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const preview = useDebouncedPreview(values);
  const busy = create.isPending || update.isPending;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkForm(TemplateBody, { ...values, isActive: String(values.isActive) });
    setErrors(check.ok ? {} : check.fieldErrors);
    if (!check.ok) return;
    try {
      if (template) await update.mutateAsync({ id: template.id, body: check.data });
      else await create.mutateAsync(check.data);
      toast({ title: template ? 'Template updated' : 'Template created' });
      onDone();
    } catch (error) {
      toast({
        title: template ? TEMPLATE_TEXTS.updateFailed : TEMPLATE_TEXTS.createFailed,
        description: serverErrorText(error, errorMessage(error)),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-2" data-testid="template-form">
      <div className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="template-name" label="Name" error={errors.name}>
            <Input
              id="template-name"
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              data-testid="template-name"
              {...invalidProps('template-name', errors.name)}
            />
          </Field>
          <div className="space-y-1.5">
            <span className="text-sm font-medium">Type</span>
            <Select
              value={values.type}
              onChange={(type) => set('type', type)}
              options={TYPE_OPTIONS}
              disabled={template?.isSystem}
              aria-label={`Type: ${values.type.replaceAll('_', ' ')}`}
            />
          </div>
        </div>
        <Field id="template-subject" label="Subject" error={errors.subject}>
          <Input
            id="template-subject"
            value={values.subject}
            onChange={(e) => set('subject', e.target.value)}
            data-testid="template-subject"
            {...invalidProps('template-subject', errors.subject)}
          />
        </Field>
        <Field
          id="template-html"
          label="HTML content (MJML or HTML)"
          error={errors.htmlContent}
          hint="Use {{variable}} placeholders, e.g. {{customerName}}; {{siteName}} and {{supportEmail}} come from Settings → General; {{content}} takes a campaign's or message's text."
        >
          <Textarea
            id="template-html"
            rows={12}
            className="font-mono text-xs"
            value={values.htmlContent}
            onChange={(e) => set('htmlContent', e.target.value)}
            data-testid="template-html"
            {...invalidProps('template-html', errors.htmlContent)}
          />
        </Field>
        <Field
          id="template-text"
          label="Text content (optional)"
          hint="Left empty, the text part is made from the HTML."
        >
          <Textarea
            id="template-text"
            rows={4}
            className="font-mono text-xs"
            value={values.textContent}
            onChange={(e) => set('textContent', e.target.value)}
          />
        </Field>
        <Field id="template-description" label="Description (optional)">
          <Input
            id="template-description"
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <label className="flex items-center gap-3 text-sm font-medium">
            <Switch checked={values.isActive} onChange={(on) => set('isActive', on)} aria-label="Active" />
            {values.isActive ? 'Active' : 'Inactive'}
          </label>
          <div className="flex gap-2">
            <Button variant="outline" onClick={onDone} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} data-testid="template-submit">
              {busy ? 'Saving...' : template ? 'Save Template' : 'Create Template'}
            </Button>
          </div>
        </div>
      </div>
      <div className="space-y-2" aria-live="polite">
        <p className="text-sm font-medium">Preview with sample values</p>
        {preview.data ? (
          <>
            <p className="truncate text-sm" data-testid="preview-subject">
              <span className="text-muted-foreground">Subject: </span>
              {preview.data.subject}
            </p>
            <MailFrame html={preview.data.html} title="Template preview" />
          </>
        ) : preview.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {serverErrorText(preview.error, errorMessage(preview.error))}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Rendering preview...</p>
        )}
      </div>
    </form>
  );
}
