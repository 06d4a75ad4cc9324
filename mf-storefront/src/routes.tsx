/**
 * What this remote exposes as `./routes`: page key -> page whose code loads on first use (lazyPage; type RemotePages).
 * The shell's routing table (shell/src/routes.tsx) decides each page's URL; pages read query
 * parameters (orderId) with react-router hooks and never assume their own URL.
 */
import '@mastering/ui/styles.css';
import { lazyPage, type RemotePages } from '@mastering/ui/core';

export const pages = {
  home: lazyPage(() => import('./pages/home/home')),
  upload: lazyPage(() => import('./pages/upload/upload')),
  login: lazyPage(() => import('./pages/login/login')),
  'payment-success': lazyPage(() => import('./pages/payment-success/payment-success')),
  'payment-cancelled': lazyPage(() => import('./pages/payment-cancelled/payment-cancelled')),
  'payment-failed': lazyPage(() => import('./pages/payment-failed/payment-failed')),
  download: lazyPage(() => import('./pages/download/download')),
  order: lazyPage(() => import('./pages/order/order')),
  'track-order': lazyPage(() => import('./pages/track-order/track-order')),
  'your-data': lazyPage(() => import('./pages/your-data/your-data')),
  terms: lazyPage(() => import('./pages/legal/legal').then((m) => ({ default: m.TermsPage }))),
  privacy: lazyPage(() => import('./pages/legal/legal').then((m) => ({ default: m.PrivacyPage }))),
  refunds: lazyPage(() => import('./pages/legal/legal').then((m) => ({ default: m.RefundsPage }))),
} satisfies RemotePages;
