import {
  ArrowLeft,
  ChartColumn,
  CreditCard,
  FileHeadphone,
  FileText,
  FlaskConical,
  LayoutDashboard,
  Mail,
  MessageSquareQuote,
  Settings,
  ShoppingCart,
  Star,
  UserCog,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router-dom';
import { AdminFrame } from './admin/admin-frame';
import { AdminGuard } from './admin/admin-guard';
import type { AdminNavItem } from './admin/admin-nav';
import { NotFound } from './pages/not-found';
import { RemotePage } from './remotes/remote-page';
import { useSession } from './session/session';

/** Federation container names; /mf/remotes.json says where each one is served from. */
export const REMOTES = {
  storefront: 'mf_storefront',
  ops: 'mf_admin_ops',
  content: 'mf_admin_content',
  email: 'mf_admin_email',
} as const;
export type RemoteName = (typeof REMOTES)[keyof typeof REMOTES];

/**
 * Where a page is shown: the public site (full width), the admin frame (sidebar + header), or a
 * guarded page without the sidebar (the admin view of a customer profile).
 */
export type Area = 'site' | 'admin' | 'admin-plain';

/** One row of the routing table: URL, the remote and page key that serve it, its spec title. */
export interface PageRoute {
  path: string;
  remote: RemoteName;
  page: string;
  title: string;
  area: Area;
  /** Admin sidebar entry, in the spec's menu order. */
  nav?: { label: string; icon: LucideIcon };
}

/** THE routing table: every route of the storefront and back-office specs. Unknown paths get the 404 page. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: '/', remote: REMOTES.storefront, page: 'home', title: 'Home', area: 'site' },
  { path: '/upload', remote: REMOTES.storefront, page: 'upload', title: 'Upload Your Track', area: 'site' },
  { path: '/login', remote: REMOTES.storefront, page: 'login', title: 'Login', area: 'site' },
  { path: '/payment/success', remote: REMOTES.storefront, page: 'payment-success', title: 'Payment Successful!', area: 'site' },
  { path: '/payment/cancelled', remote: REMOTES.storefront, page: 'payment-cancelled', title: 'Payment Cancelled', area: 'site' },
  { path: '/payment/failed', remote: REMOTES.storefront, page: 'payment-failed', title: 'Payment Failed', area: 'site' },

  { path: '/admin', remote: REMOTES.ops, page: 'dashboard', title: 'Dashboard', area: 'admin', nav: { label: 'Dashboard', icon: LayoutDashboard } },
  { path: '/admin/orders', remote: REMOTES.ops, page: 'orders', title: 'Order Management', area: 'admin', nav: { label: 'Orders', icon: ShoppingCart } },
  { path: '/admin/customers', remote: REMOTES.ops, page: 'customers', title: 'Customer Management', area: 'admin', nav: { label: 'Customers', icon: Users } },
  { path: '/admin/users', remote: REMOTES.ops, page: 'users', title: 'User Management', area: 'admin', nav: { label: 'Users', icon: UserCog } },
  { path: '/admin/files', remote: REMOTES.ops, page: 'files', title: 'Audio File Management', area: 'admin', nav: { label: 'Audio Files', icon: FileHeadphone } },
  { path: '/admin/payments', remote: REMOTES.ops, page: 'payments', title: 'Payment & Revenue Management', area: 'admin', nav: { label: 'Payments', icon: CreditCard } },
  { path: '/admin/analytics', remote: REMOTES.ops, page: 'analytics', title: 'Analytics & Reports', area: 'admin', nav: { label: 'Analytics', icon: ChartColumn } },
  { path: '/admin/showcase', remote: REMOTES.content, page: 'showcase', title: 'Showcase Management', area: 'admin', nav: { label: 'Showcase', icon: Star } },
  { path: '/admin/testimonials', remote: REMOTES.content, page: 'testimonials', title: 'Testimonials Management', area: 'admin', nav: { label: 'Testimonials', icon: MessageSquareQuote } },
  { path: '/admin/email-testing', remote: REMOTES.email, page: 'email-testing', title: 'Email Testing', area: 'admin', nav: { label: 'Email Testing', icon: FlaskConical } },
  { path: '/admin/email-templates', remote: REMOTES.email, page: 'email-templates', title: 'Email Templates', area: 'admin', nav: { label: 'Email Templates', icon: FileText } },
  { path: '/admin/emails', remote: REMOTES.email, page: 'emails', title: 'Email Management', area: 'admin', nav: { label: 'Email Campaigns', icon: Mail } },
  { path: '/admin/settings', remote: REMOTES.ops, page: 'settings', title: 'Settings', area: 'admin', nav: { label: 'Settings', icon: Settings } },
  { path: '/profile/:userId', remote: REMOTES.ops, page: 'profile', title: 'Customer profile', area: 'admin-plain' },
];

/** The admin sidebar menu, derived from the table so a page and its menu entry cannot drift apart. */
export const ADMIN_MENU: readonly AdminNavItem[] = PAGE_ROUTES.flatMap((route) =>
  route.nav ? [{ label: route.nav.label, to: route.path, icon: route.nav.icon }] : [],
);

/** The sidebar's quick access links. */
export const QUICK_ACCESS: readonly AdminNavItem[] = [
  { label: 'Engineer Dashboard', to: '/admin/files', icon: Wrench },
  { label: 'Back to Site', to: '/', icon: ArrowLeft },
];

const SITE_NAME = 'Online audio mastering';

/** Sets the browser tab title for the page being shown. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title === 'Home' ? `Radio-ready masters in 48 hours | ${SITE_NAME}` : `${title} | ${SITE_NAME}`;
  }, [title]);
  return children;
}

function pageElement(route: PageRoute) {
  return (
    <Titled title={route.title}>
      <RemotePage remote={route.remote} page={route.page} section={route.title} />
    </Titled>
  );
}

function routesOf(area: Area) {
  return PAGE_ROUTES.filter((route) => route.area === area).map((route) => ({ path: route.path, element: pageElement(route) }));
}

/** The admin frame behind the guard; the guard guarantees a staff user. */
function AdminArea() {
  const { user } = useSession();
  return (
    <AdminGuard>
      {user && <AdminFrame menu={ADMIN_MENU} quickAccess={QUICK_ACCESS} user={user} />}
    </AdminGuard>
  );
}

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** The browser router built from PAGE_ROUTES. */
export function createAppRouter() {
  return createBrowserRouter([
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
        { path: '*', element: <Titled title="Page Not Found"><NotFound /></Titled> },
      ],
    },
  ]);
}
