/** Where the gateway publishes the remotes list. */
export const REMOTES_URL = '/mf/remotes.json';

/** One remote as listed in /mf/remotes.json: container name and manifest URL. */
export interface RemoteEntry {
  name: string;
  entry: string;
}

/**
 * Reads the body of /mf/remotes.json (`{"remotes":[{"name","entry"}]}`); malformed entries are
 * dropped, so one bad line never hides the other remotes.
 */
export function parseRemotesConfig(body: unknown): RemoteEntry[] {
  const list = (body as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(list)) throw new Error(`${REMOTES_URL} has no "remotes" list`);
  return list.filter(
    (item): item is RemoteEntry =>
      typeof item?.name === 'string' && item.name !== '' && typeof item?.entry === 'string' && item.entry !== '',
  ).map(({ name, entry }) => ({ name, entry }));
}

/** Raised when a remote cannot be loaded; the fallback panel shows it. */
export class RemoteLoadError extends Error {
  constructor(readonly remote: string, reason: string) {
    super(`${remote}: ${reason}`);
    this.name = 'RemoteLoadError';
  }
}
