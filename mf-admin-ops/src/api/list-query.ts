import type { QueryClient } from '@tanstack/react-query';

/** A list URL with its query: empty and default-valued parameters are left out, so equal filters make equal keys. */
export function listUrl(
  path: string,
  query: Record<string, string | number | undefined>,
  defaults: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || defaults[key] === String(value)) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Marks every cached answer under these URL prefixes stale (lists, pages and details alike). */
export function invalidateUnder(client: QueryClient, ...prefixes: string[]) {
  return client.invalidateQueries({
    predicate: (query) => prefixes.some((prefix) => String(query.queryKey[0]).startsWith(prefix)),
  });
}
