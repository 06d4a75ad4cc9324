/** What a secret in a logged URL (or a stored copy of a mail) is replaced with. */
export const REDACTED = '[redacted]';

/**
 * Paths whose next segment is a bearer token: the delivery page and its API, staff file links, the payment
 * reminder's resume link, and the unsubscribe, consent-confirmation, open and click links of mail. The one
 * list of them: logs and stored mail are redacted by it, and a test holds every route with a `:token`
 * parameter to it.
 */
export const TOKEN_PATHS = [
  'download',
  'api/downloads/file',
  'api/downloads/order',
  'api/payment/resume',
  'e/unsubscribe',
  'e/confirm',
  'e/o',
  'e/c',
] as const;

/**
 * Query parameters that are bearer tokens by their name alone: `t`, the order page's signed link
 * (`/orders/<id>?t=`) and the calls the page makes with it (view, invoice). A test holds every route whose
 * query takes a token to this list.
 */
export const TOKEN_PARAMS: readonly string[] = ['t'];

// Case and repeated slashes do not hide a token path.
const TOKEN_AFTER = new RegExp(
  `^(\\/+(?:${TOKEN_PATHS.map((p) => p.replaceAll('/', '\\/+')).join('|')})\\/+)[^/?#]+`,
  'i',
);
// Any other long opaque segment is treated as a token too (ids are 36 characters, tokens 100 or more).
const LONG_SEGMENT = /(?<=\/)[\w~.%-]{48,}(?=\/|$)/g;
// Query parameters whose name says they may carry a credential.
const SECRET_PARAM = /token|code|secret|key|sig|pass|auth|session|jwt/i;

/** True when a query parameter called `name` (as written in the URL) carries a secret. */
function isSecretParam(name: string): boolean {
  // In HTML an `&` between parameters is written `&amp;`, which leaves `amp;` before the name.
  const plain = decodeURIComponentSafe(name).replace(/^amp;/i, '');
  return TOKEN_PARAMS.includes(plain.toLowerCase()) || SECRET_PARAM.test(plain);
}

/**
 * `url` (path and query) fit for a log line: bearer tokens in the path and the values of token-bearing
 * query parameters replaced by [redacted]. Logs are read by more people, and kept longer, than the links
 * they would otherwise leak (a download link in a log is a download; an order link acts as the customer).
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
      return eq !== -1 && isSecretParam(pair.slice(0, eq)) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

// A link in text or HTML: an optional scheme and host, then a path up to whitespace, a quote or a tag's end.
const LINK = /(https?:\/\/[^/\s"'<>]+)?(\/[^\s"'<>]*)/gi;

/**
 * `text` (a mail's subject, text or HTML) with every link in it redacted as redactUrl does: the copy of a mail
 * that may be stored, whatever template or edit put a token-bearing link in it.
 */
export function redactLinks(text: string): string {
  return text.replace(LINK, (_link, origin: string | undefined, rest: string) => `${origin ?? ''}${redactUrl(rest)}`);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
