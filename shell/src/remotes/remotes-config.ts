import { REMOTES_URL, type RemoteEntry } from '@mastering/contracts';

export { REMOTES_URL, type RemoteEntry };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What is wrong with a /mf/remotes.json body, as `path: message` lines (none for a remotes list).
 * The rule of RemotesManifest in contracts, read without zod so that the first load of every page
 * does not carry it (24 KB brotli); test/remotes-config.test.ts holds the two to the same answers.
 */
function remotesListProblems(body: unknown): string[] {
  if (!isRecord(body)) return ['body: expected an object'];
  if (!Array.isArray(body.remotes)) return ['remotes: expected an array'];
  return body.remotes.flatMap((remote: unknown, i) => {
    if (!isRecord(remote)) return [`remotes.${i}: expected an object`];
    return (['name', 'entry'] as const).flatMap((key) =>
      typeof remote[key] === 'string' && remote[key].length > 0
        ? []
        : [`remotes.${i}.${key}: expected a non-empty string`],
    );
  });
}

/**
 * Reads the body of /mf/remotes.json (the shape the gateway answers with, RemotesManifest); a body
 * of any other shape is an error naming the URL and what is wrong (the fallback panel shows it).
 */
export function parseRemotesConfig(body: unknown): RemoteEntry[] {
  const problems = remotesListProblems(body);
  if (problems.length > 0) throw new Error(`${REMOTES_URL} is not a remotes list (${problems.join('; ')})`);
  // Only the two known fields: a newer gateway may add others.
  return (body as { remotes: RemoteEntry[] }).remotes.map(({ name, entry }) => ({ name, entry }));
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
