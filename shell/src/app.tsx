import { AppProviders, Toaster } from '@mastering/ui/core';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { AppRoutes } from './routes';

/**
 * The whole site's React tree: the browser renders it (bootstrap.tsx) and the build prerenders it
 * (prerender.tsx), so a prerendered page's HTML is what the browser then hydrates. `router` puts
 * the routes in a BrowserRouter in the browser, in a StaticRouter at the page's path in the prerender.
 */
export function SiteApp({ client, router }: { client: QueryClient; router: (routes: ReactNode) => ReactNode }) {
  return (
    <StrictMode>
      <AppProviders client={client}>
        {router(<AppRoutes />)}
        <Toaster />
      </AppProviders>
    </StrictMode>
  );
}
