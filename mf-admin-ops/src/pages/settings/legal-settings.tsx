import { formatOrderDate, LEGAL_DOCUMENTS, LEGAL_PLACEHOLDERS, type LegalDocumentKind } from '@mastering/contracts';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  failedLoad,
  Label,
  LoadError,
  serverErrorText,
  Skeleton,
  Textarea,
  toast,
} from '@mastering/ui';
import { Eye, Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAdminLegalDocument, useLegalPreview, useSaveLegalDocument } from '../../api/legal';

const DOCUMENTS = Object.keys(LEGAL_DOCUMENTS) as LegalDocumentKind[];

/** Settings → Legal: edit the terms, privacy and refund policy (Markdown), preview them, see their versions. */
export function LegalSettings() {
  const [document, setDocument] = useState<LegalDocumentKind>('terms');
  return (
    <Card>
      <CardHeader>
        <CardTitle>Legal</CardTitle>
        <CardDescription>
          The texts of {DOCUMENTS.map((d) => LEGAL_DOCUMENTS[d].path).join(', ')}, in Markdown. Each save is a new
          version. Placeholders filled in from Settings: {LEGAL_PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ')}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Legal document</legend>
          {DOCUMENTS.map((d) => (
            <Button
              key={d}
              type="button"
              size="sm"
              variant={d === document ? 'default' : 'outline'}
              aria-pressed={d === document}
              onClick={() => setDocument(d)}
              data-testid={`legal-tab-${d}`}
            >
              {LEGAL_DOCUMENTS[d].title}
            </Button>
          ))}
        </fieldset>
        <LegalEditor key={document} document={document} />
      </CardContent>
    </Card>
  );
}

/** The editor of one document: its Markdown, a preview rendered by the server, Save, and its versions. */
function LegalEditor({ document }: { document: LegalDocumentKind }) {
  const legal = useAdminLegalDocument(document);
  const { data, isLoading } = legal;
  const loadFailed = failedLoad(legal, `the ${LEGAL_DOCUMENTS[document].title}`);
  const save = useSaveLegalDocument(document);
  const preview = useLegalPreview(document);
  const [markdown, setMarkdown] = useState<string | null>(null);
  useEffect(() => {
    if (data && markdown === null) setMarkdown(data.markdown);
  }, [data, markdown]);

  if (loadFailed) return <LoadError {...loadFailed} />;
  if (isLoading || markdown === null || !data) return <Skeleton className="h-64 w-full" />;
  const id = `legal-${document}`;
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: serverErrorText(error, 'Please try again.'), variant: 'destructive' });
  return (
    <div className="space-y-3">
      <Label htmlFor={id}>
        {LEGAL_DOCUMENTS[document].title} ({data.version ? `version ${data.version}` : 'default text'})
      </Label>
      <Textarea
        id={id}
        className="min-h-72 font-mono text-sm"
        value={markdown}
        onChange={(e) => setMarkdown(e.target.value)}
        data-testid="legal-markdown"
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => preview.mutate(markdown, { onError: failed('Preview failed') })}
          disabled={preview.isPending}
          data-testid="legal-preview-button"
        >
          <Eye aria-hidden />
          Preview
        </Button>
        <Button
          type="button"
          onClick={() =>
            save.mutate(markdown, {
              onSuccess: (saved) => toast({ title: `${saved.title} saved as version ${saved.version}` }),
              onError: failed('Not saved'),
            })
          }
          disabled={save.isPending}
          data-testid="legal-save"
        >
          <Save aria-hidden />
          Save new version
        </Button>
      </div>
      {preview.data && (
        <section aria-label="Preview" className="rounded-lg border border-border p-4 text-sm">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered safely by the server (raw HTML escaped). */}
          <div data-testid="legal-preview" dangerouslySetInnerHTML={{ __html: preview.data.html }} />
        </section>
      )}
      <div>
        <p className="text-sm font-medium">Version history</p>
        {data.versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Never saved: the default text is in force.</p>
        ) : (
          <ul className="divide-y divide-border text-sm" data-testid="legal-versions">
            {data.versions.map((v) => (
              <li key={v.version} className="flex flex-wrap justify-between gap-2 py-1.5">
                <span>Version {v.version}</span>
                <span className="text-muted-foreground">{v.createdBy ?? 'a removed user'}</span>
                <span className="text-muted-foreground">{formatOrderDate(v.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
