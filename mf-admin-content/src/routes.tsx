/**
 * What this remote exposes as `./routes`: page key -> lazily loaded page (type RemotePages).
 * The shell's routing table (shell/src/routes.tsx) decides each page's URL and mounts it inside
 * the admin frame; a page never assumes its URL.
 */
import '@mastering/ui/styles.css';
import type { RemotePages } from '@mastering/ui';
import { lazy } from 'react';

export const pages = {
  showcase: lazy(() => import('./pages/showcase/showcase')),
  testimonials: lazy(() => import('./pages/testimonials/testimonials')),
} satisfies RemotePages;
