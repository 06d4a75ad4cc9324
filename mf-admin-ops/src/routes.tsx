/**
 * What this remote exposes as `./routes`: page key -> page whose code loads on first use (lazyPage; type RemotePages).
 * The shell's routing table (shell/src/routes.tsx) decides each page's URL and mounts it inside
 * the admin frame; a page never assumes its URL (the profile page reads `:userId`).
 */
import '@mastering/ui/styles.css';
import { lazyPage, type RemotePages } from '@mastering/ui';

export const pages = {
  dashboard: lazyPage(() => import('./pages/dashboard/dashboard')),
  orders: lazyPage(() => import('./pages/orders/orders')),
  'refund-requests': lazyPage(() => import('./pages/refund-requests/refund-requests')),
  customers: lazyPage(() => import('./pages/customers/customers')),
  users: lazyPage(() => import('./pages/users/users')),
  files: lazyPage(() => import('./pages/files/files')),
  payments: lazyPage(() => import('./pages/payments/payments')),
  analytics: lazyPage(() => import('./pages/analytics/analytics')),
  settings: lazyPage(() => import('./pages/settings/settings')),
  profile: lazyPage(() => import('./pages/profile/profile')),
} satisfies RemotePages;
