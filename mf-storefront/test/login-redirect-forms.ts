/**
 * `next` values a sign-in may be sent with, and where the browser must land after signing in, on the site
 * `REDIRECT_SITE` stands for (the journey puts its own origin in its place). The unit test of pathAfterLogin
 * judges every form, the browser journey (e2e/login-redirect.test.ts) every one whose landing page it can read (all
 * but the two the gateway answers 400), by the same rows: every form that could leave the site must land on the
 * home page, and a path on the site is kept as the browser reads it.
 */
export const REDIRECT_SITE = 'http://localhost:8080';

/** A form of `next` (as the page reads it, already decoded from its query) and the path it must land on. */
export type RedirectForm = { next: string; lands: string };

const home = (next: string): RedirectForm => ({ next, lands: '/' });

export const REDIRECT_FORMS: readonly RedirectForm[] = [
  // Paths on this site are followed.
  { next: '/track-order?from=mail', lands: '/track-order?from=mail' },
  { next: '/terms#payments', lands: '/terms#payments' },
  { next: `${REDIRECT_SITE}/upload`, lands: '/upload' },
  { next: '/x/../upload', lands: '/upload' },
  // Still-encoded slashes stay inside one segment of a path on this site (its not-found page).
  { next: '/%2F/evil-site', lands: '/%2F/evil-site' },
  { next: '/%5C/evil-site', lands: '/%5C/evil-site' },
  // The four forms of issue 51: each parses to the path `//evil.example`, which the browser reads as a host.
  home('/.//evil.example'),
  home('/x/..//evil.example'),
  home('/%2e//evil.example'),
  home(`${REDIRECT_SITE}//evil.example`),
  // More ways to reach `//` or `/\` after dot segments, encoded dots and mixed case.
  home('/%2E//evil.example'),
  home('/%2e%2e//evil.example'),
  home('/x/%2e%2e//evil.example'),
  home('/./\\evil.example'),
  home('/x/..\\/evil.example'),
  home(`${REDIRECT_SITE}/.//evil.example`),
  home(`${REDIRECT_SITE}/\\evil.example`),
  // Other origins, schemes and authorities.
  home('https://evil.example/'),
  home('HTTPS://evil.example/'),
  home('hTtP://evil.example/'),
  home('//evil.example/'),
  home('///evil.example/'),
  home('/\\evil.example/'),
  home('\\\\evil.example'),
  home('\\/evil.example'),
  // The same scheme without slashes is a path relative to this site.
  { next: 'http:evil-site', lands: '/evil-site' },
  home('https://localhost:8080.evil.example/'),
  home('http://localhost:8080@evil.example/'),
  home('https://localhost:8080/'),
  home('javascript:alert(1)'),
  home('JaVaScRiPt:alert(1)'),
  home('data:text/html,<script>alert(1)</script>'),
  // Tabs, newlines and other control characters, which the browser drops or trims before parsing.
  home('/\t/evil.example'),
  home('/\n/evil.example'),
  home('/\r\n/evil.example'),
  home('\t//evil.example'),
  home(' //evil.example'),
  home('/\u0000/evil.example'),
  home('/admin\u0007'),
  home('/\t\\evil.example'),
];
