import { Button, RemoteScope, Spinner } from '@mastering/ui/core';
import { RefreshCw, Unplug } from 'lucide-react';
import {
  Component,
  createContext,
  startTransition,
  Suspense,
  use,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { RemotePages } from '@mastering/ui/core';
import { forgetRemote, loadRemotePages } from './federation';
import { RemoteLoadError } from './remotes-config';

interface BoundaryProps {
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

/** Catches a remote that fails to load or crashes while rendering, so only its panel is lost. */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[shell] remote page failed', error, info.componentStack);
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** The panel shown in place of a page whose remote cannot be loaded, with a Retry that reloads it. */
export function RemoteFallback({ section, error, onRetry }: { section: string; error: unknown; onRetry: () => void }) {
  const [retrying, setRetrying] = useState(false);
  const detail =
    error instanceof RemoteLoadError ? error.message : error instanceof Error ? error.message : String(error);
  return (
    <div
      data-testid="remote-fallback"
      role="alert"
      className="mx-auto my-8 flex max-w-xl flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card/60 px-6 py-12 text-center"
    >
      <Unplug className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="text-lg font-semibold">{section} is unavailable right now</h2>
      <p className="text-sm text-muted-foreground">
        This part of the site could not be loaded. The rest of the site keeps working; try again in a moment.
      </p>
      <p className="max-w-full truncate font-mono text-xs text-muted-foreground/80" title={detail}>
        {detail}
      </p>
      <Button
        data-testid="remote-retry"
        variant="outline"
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          onRetry();
        }}
      >
        <RefreshCw className={retrying ? 'animate-spin' : undefined} aria-hidden />
        Retry
      </Button>
    </div>
  );
}

/** Shown while a remote page loads. */
export function PageLoading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" data-testid="page-loading">
      <Spinner label="Loading page" />
    </div>
  );
}

export interface RemotePageProps {
  /** Federation container name, e.g. `mf_admin_email`. */
  remote: string;
  /** Page key in the remote's `./routes` map. */
  page: string;
  /** Name of the section, used in the fallback panel. */
  section: string;
}

/**
 * Where RemotePage gets a remote's pages: through the federation in the browser; the build's
 * prerender (shell/src/prerender.tsx) hands it the storefront's pages from their sources instead.
 */
export const RemotePagesSource = createContext<(remote: string) => Promise<RemotePages>>(loadRemotePages);

/** The page `page` of `remote` with its code loaded: its remote's page map, then the page's own code. */
async function loadedPage(pagesOf: (remote: string) => Promise<RemotePages>, remote: string, page: string) {
  const pages = await pagesOf(remote);
  const Found = pages[page];
  if (!Found) throw new RemoteLoadError(remote, `has no page "${page}"`);
  await Found.load?.();
  return Found;
}

/** Waits for `pending` (a page with its code loaded) and renders that page. */
function PageOnceLoaded({ pending }: { pending: Promise<ComponentType> }) {
  const Page = use(pending);
  return <Page />;
}

/** Renders one page of a remote, with a loading state and the fallback panel on failure. */
export function RemotePage({ remote, page, section }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const pagesOf = useContext(RemotePagesSource);
  // `attempt` is a dependency on purpose: a new promise is what makes Retry load again.
  const pending = useMemo(() => loadedPage(pagesOf, remote, page), [pagesOf, remote, page, attempt]);
  // The page is revealed by an update of this component once its code is in. Left to Suspense, React's
  // own retry would hold it back until 300 ms after the loading state appeared (its fallback throttle):
  // on a first visit to a page that is not prerendered (an order page) its content came about 250 ms
  // later than its code. React's own callback on `pending` (added when the page first suspended) runs
  // before this one, so the update finds it resolved.
  const [, reveal] = useState(0);
  useEffect(() => {
    let shown = true;
    pending.then(
      () => shown && startTransition(() => reveal((n) => n + 1)),
      () => undefined,
    );
    return () => {
      shown = false;
    };
  }, [pending]);

  const retry = async () => {
    await forgetRemote(remote);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary
      key={`${remote}/${page}/${attempt}`}
      fallback={(error) => <RemoteFallback section={section} error={error} onRetry={retry} />}
    >
      <Suspense fallback={<PageLoading />}>
        <RemoteScope name={remote}>
          <PageOnceLoaded pending={pending} />
        </RemoteScope>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
