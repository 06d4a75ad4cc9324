/**
 * What this remote exposes as `./routes`: page key -> lazily loaded page (type RemotePages).
 * The shell's routing table (shell/src/routes.tsx) decides each page's URL and mounts it inside
 * the admin frame; a page never assumes its URL.
 */
import '@mastering/ui/styles.css';
import type { RemotePages } from '@mastering/ui';
import { lazy } from 'react';

export const pages = {
  'email-testing': lazy(() => import('./pages/email-testing/email-testing')),
  'email-templates': lazy(() => import('./pages/email-templates/email-templates')),
  emails: lazy(() => import('./pages/emails/emails')),
} satisfies RemotePages;
