/**
 * What this remote exposes as `./routes`: page key -> page whose code loads on first use (lazyPage; type RemotePages).
 * The shell's routing table (shell/src/routes.tsx) decides each page's URL and mounts it inside
 * the admin frame; a page never assumes its URL.
 */
import '@mastering/ui/styles.css';
import { lazyPage, type RemotePages } from '@mastering/ui';

export const pages = {
  showcase: lazyPage(() => import('./pages/showcase/showcase')),
  testimonials: lazyPage(() => import('./pages/testimonials/testimonials')),
} satisfies RemotePages;
