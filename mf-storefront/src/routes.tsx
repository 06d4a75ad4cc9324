/**
 * What this remote exposes as `./routes`: page key -> lazily loaded page (type RemotePages).
 * The shell's routing table (shell/src/routes.tsx) decides each page's URL; pages read query
 * parameters (orderId) with react-router hooks and never assume their own URL.
 */
import '@mastering/ui/styles.css';
import type { RemotePages } from '@mastering/ui/core';
import { lazy } from 'react';

export const pages = {
  home: lazy(() => import('./pages/home/home')),
  upload: lazy(() => import('./pages/upload/upload')),
  login: lazy(() => import('./pages/login/login')),
  'payment-success': lazy(() => import('./pages/payment-success/payment-success')),
  'payment-cancelled': lazy(() => import('./pages/payment-cancelled/payment-cancelled')),
  'payment-failed': lazy(() => import('./pages/payment-failed/payment-failed')),
  download: lazy(() => import('./pages/download/download')),
  order: lazy(() => import('./pages/order/order')),
  'track-order': lazy(() => import('./pages/track-order/track-order')),
  'your-data': lazy(() => import('./pages/your-data/your-data')),
  terms: lazy(() => import('./pages/legal/legal').then((m) => ({ default: m.TermsPage }))),
  privacy: lazy(() => import('./pages/legal/legal').then((m) => ({ default: m.PrivacyPage }))),
  refunds: lazy(() => import('./pages/legal/legal').then((m) => ({ default: m.RefundsPage }))),
} satisfies RemotePages;
