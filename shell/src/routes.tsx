import {
  documentTitle,
  isStaffRole,
  MENU_LABELS,
  NOT_FOUND_TITLE,
  QUICK_ACCESS_LABELS,
  SCREEN_TITLES,
  type Role,
  type ScreenKey,
  type StaffRole,
} from '@mastering/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
import { AdminGuard, NoAccess } from './admin/admin-guard';
import type { AdminNavItem } from './admin/admin-nav';
import { type Area, mayOpen, PAGE_ROUTES, type PageRoute, pageReads } from './page-routes';
import { NotFound } from './pages/not-found';
import { PageLoading, RemotePage } from './remotes/remote-page';
import { ScrollToTop } from './scroll-to-top';
import { useSession } from './session/session';

export { type Area, mayOpen, PAGE_ROUTES, type PageRoute, pageReads, REMOTES, routeAt } from './page-routes';

/** The admin sidebar menu a role may use, derived from the table so a page and its menu entry cannot drift apart. */
export function adminMenuFor(role: Role | null): readonly AdminNavItem[] {
  return PAGE_ROUTES.flatMap((route) =>
    route.nav && route.page in MENU_LABELS && mayOpen(route, role)
      ? [
          {
            label: MENU_LABELS[route.page as keyof typeof MENU_LABELS],
            to: route.path,
            icon: route.nav.icon,
            ...(route.nav.countRead ? { countRead: route.nav.countRead } : {}),
          },
        ]
      : [],
  );
}

/** Starts fetching the reads of the page at `pathname` into the query cache its components read. */
export function prefetchPageReads(client: QueryClient, pathname: string, search = ''): void {
  for (const read of pageReads(pathname, search)) void client.prefetchQuery({ queryKey: [read] });
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
