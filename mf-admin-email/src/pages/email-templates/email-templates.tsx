import { SCREEN_TITLES, TEMPLATE_CATEGORIES, TEMPLATE_TEXTS, type EmailTemplate } from '@mastering/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  EmptyState,
  errorMessage,
  serverErrorText,
  Skeleton,
  toast,
  LoadError,
  ScreenHeader,
} from '@mastering/ui';
import { Eye, Pencil, Plus, RotateCcw, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  useDeleteTemplate,
  useInitSystemTemplates,
  usePreview,
  useResetTemplate,
  useTemplates,
} from '../../api/templates';
import { MailFrame } from '../../components/mail-frame';
import { TemplateForm } from './template-form';

type Open = { kind: 'create' } | { kind: 'edit' | 'preview' | 'delete'; template: EmailTemplate } | null;

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: serverErrorText(error, errorMessage(error)), variant: 'destructive' });

/** A template's rendering with sample values, in a sandboxed frame. */
function TemplatePreview({ template }: { template: EmailTemplate }) {
  const preview = usePreview({
    subject: template.subject,
    htmlContent: template.htmlContent,
    textContent: template.textContent ?? undefined,
    type: template.type,
  });
  if (preview.isError)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {serverErrorText(preview.error, errorMessage(preview.error))}
      </p>
    );
  if (!preview.data) return <Skeleton className="h-[28rem] w-full" />;
  return (
    <div className="space-y-2">
      <p className="text-sm">
        <span className="text-muted-foreground">Subject: </span>
        {preview.data.subject}
      </p>
      <MailFrame html={preview.data.html} title={`Preview of ${template.name}`} />
    </div>
  );
}

function TemplateCard({ template, onOpen }: { template: EmailTemplate; onOpen: (open: Open) => void }) {
  const reset = useResetTemplate();
  return (
    <Card data-testid="template-card" className="flex flex-col">
      <CardHeader className="space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-base">{template.name}</CardTitle>
          {template.isSystem && <Badge variant="secondary">System</Badge>}
          {template.isActive !== 'true' && <Badge variant="outline">Inactive</Badge>}
        </div>
        <CardDescription className="break-words">{template.description ?? template.subject}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => onOpen({ kind: 'preview', template })}
          aria-label={`Preview ${template.name}`}
        >
          <Eye aria-hidden /> Preview
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onOpen({ kind: 'edit', template })}
          aria-label={`Edit ${template.name}`}
          data-testid="template-edit"
        >
          <Pencil aria-hidden /> Edit
        </Button>
        {template.isSystem ? (
          <Button
            size="sm"
            variant="outline"
            disabled={reset.isPending}
            aria-label={`Reset ${template.name}`}
            onClick={() =>
              reset.mutate(template.id, {
                onSuccess: () => toast({ title: 'Template reset to the system version' }),
                onError: failed(TEMPLATE_TEXTS.updateFailed),
              })
            }
          >
            <RotateCcw aria-hidden /> Reset
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onOpen({ kind: 'delete', template })}
            aria-label={`Delete ${template.name}`}
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** Email Templates: templates grouped by category; create, edit, preview, delete; Init System Templates. */
export default function EmailTemplatesPage() {
  const templates = useTemplates();
  const init = useInitSystemTemplates();
  const remove = useDeleteTemplate();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const list = templates.data ?? [];
  const categorised = new Set<string>(Object.values(TEMPLATE_CATEGORIES).flat());

  const runInit = () =>
    init.mutate(undefined, {
      onSuccess: ({ created }) =>
        toast({ title: created ? `Created ${created} system templates` : 'System templates are already in place' }),
      onError: failed(TEMPLATE_TEXTS.initFailed),
    });

  return (
    <div data-testid="page-email-templates" className="mx-auto w-full max-w-6xl space-y-6">
      <ScreenHeader
        title={SCREEN_TITLES['email-templates']}
        description="The mails the studio sends, grouped by category. System templates can be edited and reset."
      >
        <Button variant="outline" onClick={runInit} disabled={init.isPending} data-testid="init-system-templates">
          <Sparkles aria-hidden /> {init.isPending ? 'Initialising...' : 'Init System Templates'}
        </Button>
        <Button onClick={() => setOpen({ kind: 'create' })} data-testid="template-create">
          <Plus aria-hidden /> New Template
        </Button>
      </ScreenHeader>

      {templates.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      ) : templates.isError ? (
        <LoadError what="the email templates" error={templates.error} onRetry={() => void templates.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          title="No templates yet"
          description="Init System Templates creates one for every mail the studio sends."
        />
      ) : (
        [...Object.entries(TEMPLATE_CATEGORIES), ['Other', []] as const].map(([category, types]) => {
          const inCategory = list.filter((t) =>
            category === 'Other' ? !categorised.has(t.type) : (types as readonly string[]).includes(t.type),
          );
          if (inCategory.length === 0) return null;
          return (
            <section key={category} className="space-y-3" aria-labelledby={`category-${category}`}>
              <h2 id={`category-${category}`} className="text-lg font-semibold">
                {category} <span className="text-sm font-normal text-muted-foreground">({inCategory.length})</span>
              </h2>
              <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                {inCategory.map((template) => (
                  <TemplateCard key={template.id} template={template} onOpen={setOpen} />
                ))}
              </div>
            </section>
          );
        })
      )}

      <Dialog
        open={open?.kind === 'create' || open?.kind === 'edit'}
        onClose={close}
        title={open?.kind === 'edit' ? `Edit ${open.template.name}` : 'New Template'}
        className="max-w-6xl"
      >
        {(open?.kind === 'create' || open?.kind === 'edit') && (
          <TemplateForm
            key={open.kind === 'edit' ? open.template.id : 'new'}
            template={open.kind === 'edit' ? open.template : undefined}
            onDone={close}
          />
        )}
      </Dialog>
      <Dialog
        open={open?.kind === 'preview'}
        onClose={close}
        title={open?.kind === 'preview' ? open.template.name : ''}
        description="Rendered with sample values."
        className="max-w-3xl"
      >
        {open?.kind === 'preview' && <TemplatePreview template={open.template} />}
      </Dialog>
      <Dialog
        open={open?.kind === 'delete'}
        onClose={close}
        title="Delete template?"
        description={open?.kind === 'delete' ? `"${open.template.name}" will be deleted. This cannot be undone.` : ''}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            data-testid="template-delete-confirm"
            onClick={() =>
              open?.kind === 'delete' &&
              remove.mutate(open.template.id, {
                onSuccess: () => {
                  toast({ title: 'Template deleted' });
                  close();
                },
                onError: failed(TEMPLATE_TEXTS.deleteFailed),
              })
            }
          >
            Delete
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
