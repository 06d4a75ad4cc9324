/**
 * What this remote exposes as `./routes`: page key -> lazily loaded page (type RemotePages).
 * The shell's routing table (shell/src/routes.tsx) decides each page's URL and mounts it inside
 * the admin frame; a page never assumes its URL (the profile page reads `:userId`).
 */
import '@mastering/ui/styles.css';
import type { RemotePages } from '@mastering/ui';
import { lazy } from 'react';

export const pages = {
  dashboard: lazy(() => import('./pages/dashboard/dashboard')),
  orders: lazy(() => import('./pages/orders/orders')),
  customers: lazy(() => import('./pages/customers/customers')),
  users: lazy(() => import('./pages/users/users')),
  files: lazy(() => import('./pages/files/files')),
  payments: lazy(() => import('./pages/payments/payments')),
  analytics: lazy(() => import('./pages/analytics/analytics')),
  settings: lazy(() => import('./pages/settings/settings')),
  profile: lazy(() => import('./pages/profile/profile')),
} satisfies RemotePages;
