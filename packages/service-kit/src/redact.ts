/** What a secret in a logged URL is replaced with. */
export const REDACTED = '[redacted]';

// Paths whose next segment is a bearer token: the delivery page and its API, staff file links, and the
// unsubscribe, consent-confirmation, open and click links of mail. Case and repeated slashes do not hide one.
const TOKEN_AFTER = /^(\/+(?:download|api\/+downloads\/+(?:file|order)|e\/+(?:unsubscribe|confirm|o|c))\/+)[^/?#]+/i;
// Any other long opaque segment is treated as a token too (ids are 36 characters, tokens 100 or more).
const LONG_SEGMENT = /(?<=\/)[\w~.%-]{48,}(?=\/|$)/g;
// Query parameters that may carry a credential.
const SECRET_PARAM = /token|code|secret|key|sig|pass|auth|session|jwt/i;

/**
 * `url` (path and query) fit for a log line: bearer tokens in the path and the values of
 * credential-like query parameters replaced by [redacted]. Logs are read by more people, and kept
 * longer, than the links they would otherwise leak (a download link in a log is a download).
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt))
    .replace(TOKEN_AFTER, `$1${REDACTED}`)
    .replace(LONG_SEGMENT, REDACTED);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAM.test(decodeURIComponentSafe(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
