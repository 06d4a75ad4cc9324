import { routeAt } from '../page-routes';
import { parseRemotesConfig, REMOTES_URL, type RemoteEntry } from './remotes-config';

let early: Promise<RemoteEntry[]> | null = null;

/**
 * Run by the entry script before the shared modules load: asks for /mf/remotes.json (preloaded by the
 * HTML) and, on a public page, preloads the remote entry of the page's remote, so that its fetch runs
 * beside React's instead of after it. Admin pages are left to their guard: a visitor who may not open
 * them does not fetch their code.
 */
export function preloadPageRemote(pathname: string): void {
  early = fetch(REMOTES_URL, { credentials: 'include', cache: 'no-cache' }).then(async (res) => {
    if (!res.ok) throw new Error(`${res.status} ${res.statusText}`);
    return parseRemotesConfig(await res.json());
  });
  const route = routeAt(pathname);
  if (route?.area !== 'site') return;
  early.then(
    (remotes) => {
      const entry = remotes.find((remote) => remote.name === route.remote)?.entry;
      if (!entry) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = entry;
      // Low: React's own chunks, which the frame's first paint needs, go first; the entry follows them.
      link.fetchPriority = 'low';
      document.head.append(link);
    },
    () => undefined,
  );
}

/**
 * The remotes list preloadPageRemote asked for, handed out once; null when there is none, or when that
 * request failed (the caller then asks again itself, with its own error reporting).
 */
export function takeEarlyRemotes(): Promise<RemoteEntry[] | null> | null {
  const taken = early;
  early = null;
  return taken?.catch(() => null) ?? null;
}
