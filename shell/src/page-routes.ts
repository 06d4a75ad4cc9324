import {
  orderViewPath,
  REFUND_REQUEST_COUNT_PATH,
  REMOTE_APPS,
  type RemoteId,
  type RemoteName,
  type Role,
  type ScreenKey,
  type StaffRole,
  STAFF_ROLES,
} from '@mastering/contracts';
import type { AdminIcon } from './admin/admin-nav';

// The routing table on its own, without React: the entry (index.ts) reads it before the shared
// modules load, to start fetching the page's remote at once (see remotes/early-remotes.ts).

/** Federation container names by remote (REMOTE_APPS in contracts); /mf/remotes.json says where each one is served from. */
export const REMOTES = Object.fromEntries(REMOTE_APPS.map((app) => [app.id, app.name])) as Readonly<
  Record<RemoteId, RemoteName>
>;

/**
 * Where a page is shown: the public site (full width), the admin frame (sidebar + header), or a
 * guarded page without the sidebar (the admin view of a customer profile).
 */
export type Area = 'site' | 'admin' | 'admin-plain';

/** One row of the routing table: URL, the remote and page key that serve it (its spec title is SCREEN_TITLES[page]). */
export interface PageRoute {
  path: string;
  remote: RemoteName;
  page: ScreenKey;
  area: Area;
  /**
   * Admin sidebar entry (its label is the page's MENU_LABELS entry), in the spec's menu order; `countRead`
   * is the read of the count the entry shows (see AdminNavItem).
   */
  nav?: { icon: AdminIcon; countRead?: string };
  /** Staff roles that may open a guarded page; admins only when absent (engineers work orders and files). */
  roles?: readonly StaffRole[];
  /**
   * Public API reads the page draws at once (query keys, each also its URL): a first visit fetches them
   * while the page's code loads (prefetchPageReads), so the page renders once, with its data, instead of
   * waiting for its code before asking and then moving its content about as the answers arrive. A page
   * whose reads depend on its URL (path parameters, query) gives a function of them.
   */
  reads?: readonly string[] | ((url: PageUrl) => readonly string[]);
  /**
   * Prerendered at build time (scripts/prerender.ts): the page's HTML carries its first screen, which
   * paints before any script has run, and the browser hydrates it. For public pages without a path
   * parameter whose first screen does not depend on who is looking (docs/adding-a-feature.md).
   */
  prerender?: true;
}

/** A URL as a route's `reads` see it: its path parameters by name and its query. */
export interface PageUrl {
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
}

/** The site configuration (price, launch special) that every storefront header and start button shows. */
const SITE_CONFIG_READ = '/api/config';

/** THE routing table: every route of the storefront and back-office specs. Unknown paths get the 404 page. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: '/',
    remote: REMOTES.storefront,
    page: 'home',
    area: 'site',
    // The hero's price and claims; the examples and testimonials below it, so they too draw once, with their lists.
    reads: [SITE_CONFIG_READ, '/api/config/claims', '/api/showcase-tracks', '/api/testimonials'],
    prerender: true,
  },
  {
    path: '/upload',
    remote: REMOTES.storefront,
    page: 'upload',
    area: 'site',
    reads: [SITE_CONFIG_READ],
    prerender: true,
  },
  { path: '/login', remote: REMOTES.storefront, page: 'login', area: 'site' },
  { path: '/payment/success', remote: REMOTES.storefront, page: 'payment-success', area: 'site' },
  { path: '/payment/cancelled', remote: REMOTES.storefront, page: 'payment-cancelled', area: 'site' },
  { path: '/payment/failed', remote: REMOTES.storefront, page: 'payment-failed', area: 'site' },
  // The customer's delivery link from the mastering-complete mail; no login, the token is the permission.
  { path: '/download/:token', remote: REMOTES.storefront, page: 'download', area: 'site' },
  // The customer's order page from the signed link in every order mail (?t=); and Track my order.
  {
    path: '/orders/:id',
    remote: REMOTES.storefront,
    page: 'order',
    area: 'site',
    // The order itself, by the link's token (a link without one shows its error page and reads nothing).
    reads: ({ params, query }) => {
      const token = query.get('t');
      return token ? [SITE_CONFIG_READ, orderViewPath(params.id!, token)] : [];
    },
  },
  { path: '/track-order', remote: REMOTES.storefront, page: 'track-order', area: 'site' },
  // POPIA rights: download or ask to delete what is held about the signed-in address.
  { path: '/your-data', remote: REMOTES.storefront, page: 'your-data', area: 'site' },
  // The legal pages (texts kept on the server, edited in Settings → Legal); the footer links to them.
  { path: '/terms', remote: REMOTES.storefront, page: 'terms', area: 'site' },
  { path: '/privacy', remote: REMOTES.storefront, page: 'privacy', area: 'site' },
  { path: '/refunds', remote: REMOTES.storefront, page: 'refunds', area: 'site' },

  { path: '/admin', remote: REMOTES.ops, page: 'dashboard', area: 'admin', nav: { icon: 'dashboard' } },
  {
    path: '/admin/orders',
    remote: REMOTES.ops,
    page: 'orders',
    area: 'admin',
    nav: { icon: 'orders' },
    roles: STAFF_ROLES,
  },
  // Issue 50: every "Not happy?" request, open ones first; the menu counts the open ones (admins answer them).
  {
    path: '/admin/refund-requests',
    remote: REMOTES.ops,
    page: 'refund-requests',
    area: 'admin',
    nav: { icon: 'refund-requests', countRead: REFUND_REQUEST_COUNT_PATH },
  },
  { path: '/admin/customers', remote: REMOTES.ops, page: 'customers', area: 'admin', nav: { icon: 'customers' } },
  { path: '/admin/users', remote: REMOTES.ops, page: 'users', area: 'admin', nav: { icon: 'users' } },
  {
    path: '/admin/files',
    remote: REMOTES.ops,
    page: 'files',
    area: 'admin',
    nav: { icon: 'files' },
    roles: STAFF_ROLES,
  },
  { path: '/admin/payments', remote: REMOTES.ops, page: 'payments', area: 'admin', nav: { icon: 'payments' } },
  { path: '/admin/analytics', remote: REMOTES.ops, page: 'analytics', area: 'admin', nav: { icon: 'analytics' } },
  { path: '/admin/showcase', remote: REMOTES.content, page: 'showcase', area: 'admin', nav: { icon: 'showcase' } },
  {
    path: '/admin/testimonials',
    remote: REMOTES.content,
    page: 'testimonials',
    area: 'admin',
    nav: { icon: 'testimonials' },
  },
  {
    path: '/admin/email-testing',
    remote: REMOTES.email,
    page: 'email-testing',
    area: 'admin',
    nav: { icon: 'email-testing' },
  },
  {
    path: '/admin/email-templates',
    remote: REMOTES.email,
    page: 'email-templates',
    area: 'admin',
    nav: { icon: 'email-templates' },
  },
  { path: '/admin/emails', remote: REMOTES.email, page: 'emails', area: 'admin', nav: { icon: 'emails' } },
  { path: '/admin/settings', remote: REMOTES.ops, page: 'settings', area: 'admin', nav: { icon: 'settings' } },
  { path: '/profile/:userId', remote: REMOTES.ops, page: 'profile', area: 'admin-plain' },
];

/** True when a user with `role` may open `route` (the public site: anyone; guarded pages: their roles, else admins). */
export function mayOpen(route: Pick<PageRoute, 'area' | 'roles'>, role: Role | null | undefined): boolean {
  if (route.area === 'site') return true;
  return role !== null && role !== undefined && (route.roles ?? ['admin']).includes(role as StaffRole);
}

/** The route of a URL path (`:name` segments match any one segment), or undefined for the 404 page. */
export function routeAt(pathname: string): PageRoute | undefined {
  return matchRoute(pathname)?.route;
}

/** The API reads of the page at `pathname` + `search` (its route's `reads`), none for an unknown path. */
export function pageReads(pathname: string, search = ''): readonly string[] {
  const match = matchRoute(pathname);
  const reads = match?.route.reads ?? [];
  return typeof reads === 'function' ? reads({ params: match!.params, query: new URLSearchParams(search) }) : reads;
}

/** The route of `pathname` and its path parameters by name, decoded as the router decodes them. */
function matchRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/');
  for (const route of PAGE_ROUTES) {
    const pattern = route.path.replace(/\/+$/, '').split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith(':')) return part === segment;
      params[part.slice(1)] = decodeSegment(segment);
      return segment !== '';
    });
    if (matches) return { route, params };
  }
  return undefined;
}

/** A path segment decoded; as it is when it is no valid encoding (`%E0%A4%A`), as react-router leaves it. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
