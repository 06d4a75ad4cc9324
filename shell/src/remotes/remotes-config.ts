import { REMOTES_URL, RemotesManifest, type RemoteEntry } from '@mastering/contracts';

export { REMOTES_URL, type RemoteEntry };

/**
 * Reads the body of /mf/remotes.json with the schema the gateway answers with; a body of any
 * other shape is an error naming the URL and what is wrong (the fallback panel shows it).
 */
export function parseRemotesConfig(body: unknown): RemoteEntry[] {
  const parsed = RemotesManifest.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
      .join('; ');
    throw new Error(`${REMOTES_URL} is not a remotes list (${problems})`);
  }
  return parsed.data.remotes;
}

/** Raised when a remote cannot be loaded; the fallback panel shows it. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    reason: string,
  ) {
    super(`${remote}: ${reason}`);
    this.name = 'RemoteLoadError';
  }
}
