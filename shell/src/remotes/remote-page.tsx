import { Button, RemoteScope, Spinner } from '@mastering/ui/core';
import { RefreshCw, Unplug } from 'lucide-react';
import {
  Component,
  createContext,
  lazy,
  Suspense,
  useContext,
  useMemo,
  useState,
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

/** Renders one page of a remote, with a loading state and the fallback panel on failure. */
export function RemotePage({ remote, page, section }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const pagesOf = useContext(RemotePagesSource);
  const Page = useMemo(
    () =>
      lazy(async () => {
        const pages = await pagesOf(remote);
        const Found = pages[page];
        if (!Found) throw new RemoteLoadError(remote, `has no page "${page}"`);
        // Remote pages are usually lazy themselves, and React.lazy cannot resolve to another lazy.
        return { default: () => <Found /> };
      }),
    // `attempt` is a dependency on purpose: a new lazy component is what makes Retry load again.
    [pagesOf, remote, page, attempt],
  );

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
          <Page />
        </RemoteScope>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
