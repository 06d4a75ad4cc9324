/**
 * What this remote exposes as `./routes`: page key -> page whose code loads on first use (lazyPage; type RemotePages).
 * The shell's routing table (shell/src/routes.tsx) decides each page's URL and mounts it inside
 * the admin frame; a page never assumes its URL.
 */
import '@mastering/ui/styles.css';
import { lazyPage, type RemotePages } from '@mastering/ui';

export const pages = {
  'email-testing': lazyPage(() => import('./pages/email-testing/email-testing')),
  'email-templates': lazyPage(() => import('./pages/email-templates/email-templates')),
  emails: lazyPage(() => import('./pages/emails/emails')),
} satisfies RemotePages;
