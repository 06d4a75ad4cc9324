import {
  init,
  loadRemote,
  registerRemotes,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { ROUTES_MODULE } from '@mastering/contracts';
import { apiJson, type RemotePages, type RemoteRoutesModule } from '@mastering/ui/core';
import { takeEarlyRemotes } from './early-remotes';
import { parseRemotesConfig, RemoteLoadError, REMOTES_URL, type RemoteEntry } from './remotes-config';

/** What a routes module looks like when its remote failed: the error instead of pages. */
interface FailedRoutesModule {
  loadFailure: unknown;
}

/**
 * Runtime hook: when loading a remote's module fails (remoteEntry or chunk), answer a
 * stand-in module carrying the error instead of letting the runtime throw its own, so the page
 * can show the fallback panel. Earlier lifecycles must answer nothing: the runtime would take a
 * value there for what that step makes (the request's arguments), not for a module.
 */
function fallbackOnLoadError(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      console.warn(`[shell] remote module ${id} could not be loaded`, error);
      return { loadFailure: error } satisfies FailedRoutesModule;
    },
  };
}

let registry: Promise<Map<string, RemoteEntry>> | null = null;
const pagesCache = new Map<string, Promise<RemotePages>>();

async function fetchRegistry(): Promise<Map<string, RemoteEntry>> {
  // The list the entry script already asked for (the first time), else a request of our own.
  const remotes =
    (await takeEarlyRemotes()) ??
    (await apiJson('GET', REMOTES_URL, undefined, {
      cache: 'no-cache',
      schema: { parse: parseRemotesConfig },
    }));
  registerRemotes(remotes, { force: true });
  return new Map(remotes.map((remote) => [remote.name, remote]));
}

function ensureRegistry(): Promise<Map<string, RemoteEntry>> {
  if (!registry) {
    registry = fetchRegistry();
    // A failed fetch is forgotten so that Retry asks again.
    registry.catch(() => (registry = null));
  }
  return registry;
}

/** Starts the federation runtime (no remotes baked in) and fetches /mf/remotes.json. */
export function startFederation(): void {
  init({ name: 'shell', remotes: [], plugins: [fallbackOnLoadError()] });
  ensureRegistry().catch((error) => console.warn('[shell] remotes list unavailable', error));
}

async function fetchPages(remote: string): Promise<RemotePages> {
  let remotes: Map<string, RemoteEntry>;
  try {
    remotes = await ensureRegistry();
  } catch (error) {
    throw new RemoteLoadError(remote, `the remotes list could not be read (${String(error)})`);
  }
  if (!remotes.has(remote)) throw new RemoteLoadError(remote, `not listed in ${REMOTES_URL}`);
  // './routes' is exposed as `<container>/routes`.
  const module = await loadRemote<RemoteRoutesModule | FailedRoutesModule>(
    `${remote}/${ROUTES_MODULE.replace(/^\.\//, '')}`,
  );
  if (!module || 'loadFailure' in module) {
    throw new RemoteLoadError(remote, module ? String(module.loadFailure) : 'the runtime returned nothing');
  }
  if (!module.pages) throw new RemoteLoadError(remote, `${ROUTES_MODULE} does not export pages`);
  return module.pages;
}

/** The page map a remote exposes as `./routes`; loaded once, a failure is not cached. */
export function loadRemotePages(remote: string): Promise<RemotePages> {
  let pages = pagesCache.get(remote);
  if (!pages) {
    pages = fetchPages(remote);
    pagesCache.set(remote, pages);
    pages.catch(() => pagesCache.delete(remote));
  }
  return pages;
}

/**
 * Makes the next loadRemotePages(remote) really go to the network again: the runtime's cached
 * container for that remote is dropped by re-registering it.
 */
export async function forgetRemote(remote: string): Promise<void> {
  pagesCache.delete(remote);
  const entry = registry && (await registry.catch(() => null))?.get(remote);
  if (entry) registerRemotes([{ ...entry }], { force: true });
  // Not listed (or no list): read /mf/remotes.json again, the remote may have been added since.
  else registry = null;
}
