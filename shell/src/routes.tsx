import {
  documentTitle,
  isStaffRole,
  MENU_LABELS,
  NOT_FOUND_TITLE,
  QUICK_ACCESS_LABELS,
  REMOTE_APPS,
  SCREEN_TITLES,
  STAFF_ROLES,
  type RemoteId,
  type RemoteName,
  type Role,
  type ScreenKey,
  type StaffRole,
} from '@mastering/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { AdminGuard, NoAccess } from './admin/admin-guard';
import type { AdminIcon, AdminNavItem } from './admin/admin-nav';
import { NotFound } from './pages/not-found';
import { PageLoading, RemotePage } from './remotes/remote-page';
import { ScrollToTop } from './scroll-to-top';
import { useSession } from './session/session';

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
  /** Admin sidebar entry (its label is the page's MENU_LABELS entry), in the spec's menu order. */
  nav?: { icon: AdminIcon };
  /** Staff roles that may open a guarded page; admins only when absent (engineers work orders and files). */
  roles?: readonly StaffRole[];
  /**
   * Public API reads the page draws at once (query keys, each also its URL): a first visit fetches them
   * while the page's code loads (prefetchPageReads), so the page renders once, with its data, instead of
   * waiting for its code before asking and then moving its content about as the answers arrive.
   */
  reads?: readonly string[];
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
    reads: [SITE_CONFIG_READ, '/api/config/claims'],
  },
  { path: '/upload', remote: REMOTES.storefront, page: 'upload', area: 'site', reads: [SITE_CONFIG_READ] },
  { path: '/login', remote: REMOTES.storefront, page: 'login', area: 'site' },
  { path: '/payment/success', remote: REMOTES.storefront, page: 'payment-success', area: 'site' },
  { path: '/payment/cancelled', remote: REMOTES.storefront, page: 'payment-cancelled', area: 'site' },
  { path: '/payment/failed', remote: REMOTES.storefront, page: 'payment-failed', area: 'site' },
  // The customer's delivery link from the mastering-complete mail; no login, the token is the permission.
  { path: '/download/:token', remote: REMOTES.storefront, page: 'download', area: 'site' },
  // The customer's order page from the signed link in every order mail (?t=); and Track my order.
  { path: '/orders/:id', remote: REMOTES.storefront, page: 'order', area: 'site' },
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

/** The admin sidebar menu a role may use, derived from the table so a page and its menu entry cannot drift apart. */
export function adminMenuFor(role: Role | null): readonly AdminNavItem[] {
  return PAGE_ROUTES.flatMap((route) =>
    route.nav && route.page in MENU_LABELS && mayOpen(route, role)
      ? [{ label: MENU_LABELS[route.page as keyof typeof MENU_LABELS], to: route.path, icon: route.nav.icon }]
      : [],
  );
}

/** The route of a URL path (`:name` segments match any one segment), or undefined for the 404 page. */
export function routeAt(pathname: string): PageRoute | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/');
  return PAGE_ROUTES.find((route) => {
    const pattern = route.path.replace(/\/+$/, '').split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    );
  });
}

/** Starts fetching the reads of the page at `pathname` into the query cache its components read. */
export function prefetchPageReads(client: QueryClient, pathname: string): void {
  for (const read of routeAt(pathname)?.reads ?? []) void client.prefetchQuery({ queryKey: [read] });
}

/** The whole admin menu (what an admin sees). */
export const ADMIN_MENU: readonly AdminNavItem[] = adminMenuFor('admin');

/** The console's front door: the admin link and the login's default `next` open it. */
export const ADMIN_HOME = '/admin';
/** Audio Files, the Engineer Dashboard (the sidebar's quick access link says so). */
const ENGINEER_DASHBOARD = '/admin/files';

/** Where a staff member lands on opening the console: admins on the Dashboard, engineers on Audio Files. */
export function adminLandingFor(role: StaffRole): string {
  return role === 'engineer' ? ENGINEER_DASHBOARD : ADMIN_HOME;
}

/** The sidebar's quick access links. */
export const QUICK_ACCESS: readonly AdminNavItem[] = [
  { label: QUICK_ACCESS_LABELS.engineerDashboard, to: ENGINEER_DASHBOARD, icon: 'engineer-dashboard' },
  { label: QUICK_ACCESS_LABELS.backToSite, to: '/', icon: 'back-to-site' },
];

/** The browser tab title of a screen (the home page leads with the product's promise). */
export function tabTitle(page: ScreenKey | 'not-found'): string {
  if (page === 'home') return documentTitle();
  return documentTitle(page === 'not-found' ? NOT_FOUND_TITLE : SCREEN_TITLES[page]);
}

/** Sets the browser tab title for the page being shown. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return children;
}

/**
 * A guarded page shows a "no access" panel to staff whose role may not use it (the server refuses them
 * too), except the console's front door: there an engineer is sent on to their own dashboard.
 */
export function RoleGate({ route, children }: { route: PageRoute; children: ReactNode }) {
  const { user } = useSession();
  if (route.area === 'site' || mayOpen(route, user?.role)) return children;
  const role = user?.role;
  if (route.path === ADMIN_HOME && isStaffRole(role)) {
    const landing = adminLandingFor(role);
    if (landing !== ADMIN_HOME) return <Navigate to={landing} replace />;
  }
  return <NoAccess role={user?.role} menu={adminMenuFor(user?.role ?? null)} />;
}

function pageElement(route: PageRoute) {
  return (
    <Titled title={tabTitle(route.page)}>
      <RoleGate route={route}>
        <RemotePage remote={route.remote} page={route.page} section={SCREEN_TITLES[route.page]} />
      </RoleGate>
    </Titled>
  );
}

function routesOf(area: Area) {
  return PAGE_ROUTES.filter((route) => route.area === area).map((route) => ({
    path: route.path,
    element: pageElement(route),
  }));
}

let adminFrameModule: Promise<typeof import('./admin/admin-frame')> | null = null;

/** The admin frame's code (and the widgets it brings: sheet, theme menu), fetched once; the public site never needs it. */
function loadAdminFrame() {
  adminFrameModule ??= import('./admin/admin-frame');
  return adminFrameModule;
}

const AdminFrame = lazy(() => loadAdminFrame().then((module) => ({ default: module.AdminFrame })));

/** The admin frame behind the guard; the guard guarantees a staff user. */
function AdminArea() {
  const { user } = useSession();
  // Fetched while the guard still checks the session, so the frame is usually ready when it passes.
  void loadAdminFrame();
  return (
    <AdminGuard>
      {user && (
        <Suspense fallback={<PageLoading />}>
          <AdminFrame menu={adminMenuFor(user.role)} quickAccess={QUICK_ACCESS} user={user} />
        </Suspense>
      )}
    </AdminGuard>
  );
}

function Root() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

/** The route objects built from PAGE_ROUTES: the public site, the admin frame, guarded plain pages, the 404. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <Root />,
      children: [
        ...routesOf('site'),
        { element: <AdminArea />, children: routesOf('admin') },
        {
          element: (
            <AdminGuard>
              <div className="min-h-screen p-4 md:p-8">
                <Outlet />
              </div>
            </AdminGuard>
          ),
          children: routesOf('admin-plain'),
        },
        {
          path: '*',
          element: (
            <Titled title={tabTitle('not-found')}>
              <NotFound />
            </Titled>
          ),
        },
      ],
    },
  ];
}

const APP_ROUTES = appRoutes();

/** Every page of the site, matched against the browser's URL (inside the shell's BrowserRouter). */
export function AppRoutes() {
  return useRoutes(APP_ROUTES);
}
