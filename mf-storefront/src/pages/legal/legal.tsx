import { formatOrderDate, LEGAL_DOCUMENTS, type LegalDocumentKind } from '@mastering/contracts';
import { Button, Spinner } from '@mastering/ui/core';
import { useSiteConfig } from '../../api/site-config';
import { useLegalDocument } from '../../api/legal';
import { PageFrame } from '../../components/page-frame';
import { StudioIdentity } from '../../components/studio-identity';

// The server renders the Markdown with raw HTML escaped and unsafe links refused, so its HTML is shown as is.
const PROSE =
  'max-w-none text-foreground [&_a]:text-primary [&_a]:underline [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:mt-8 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:mt-1 [&_p]:mt-3 [&_p]:leading-relaxed [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6';

/** A legal page (/terms, /privacy, /refunds): the text staff keep in Settings → Legal, then who the studio is. */
export function LegalPage({ document }: { document: LegalDocumentKind }) {
  const { data, isLoading, error, refetch } = useLegalDocument(document);
  const config = useSiteConfig().data;
  return (
    <PageFrame testId={`page-${document}`}>
      <article className="mx-auto w-full max-w-3xl" aria-label={LEGAL_DOCUMENTS[document].title}>
        {isLoading && <Spinner label={`Loading the ${LEGAL_DOCUMENTS[document].title}`} />}
        {error && (
          <div role="alert" className="space-y-3">
            <p>The {LEGAL_DOCUMENTS[document].title} could not be loaded.</p>
            <Button variant="outline" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        )}
        {data && (
          <>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: HTML rendered safely by the server (raw HTML escaped). */}
            <div className={PROSE} data-testid="legal-text" dangerouslySetInnerHTML={{ __html: data.html }} />
            <p className="mt-8 text-sm text-muted-foreground">
              {data.updatedAt ? `Version ${data.version}, last changed ${formatOrderDate(data.updatedAt)}.` : null}
            </p>
          </>
        )}
        {config && (
          <section className="mt-8 rounded-lg border border-border p-4" aria-label="Who we are">
            <h2 className="mb-2 font-semibold">Who we are</h2>
            <StudioIdentity config={config} />
          </section>
        )}
      </article>
    </PageFrame>
  );
}

/** /terms */
export function TermsPage() {
  return <LegalPage document="terms" />;
}
/** /privacy */
export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
/** /refunds */
export function RefundsPage() {
  return <LegalPage document="refunds" />;
}
