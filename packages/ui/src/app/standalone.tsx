import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, NavLink, Outlet, useRoutes, type RouteObject } from 'react-router-dom';
// Shared state (theme, toasts, remote scope) by package name: the copies the pages use too.
import {
  AppProviders,
  cn,
  createQueryClient,
  RemoteScope,
  Spinner,
  ThemeMenuOnDemand,
  Toaster,
  type RemotePages,
} from '@mastering/ui/core';
import { REMOTE_SCOPE_ATTRIBUTE } from './remote-scope-attribute';

/** The standalone page's routes, matched against the browser's URL. */
function StandaloneRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export interface StandaloneOptions {
  /** Federation container name, e.g. `mf_admin_email`: the scope of the remote's stylesheet. */
  name: string;
  /** Shown in the development bar, e.g. "Admin email". */
  title: string;
  pages: RemotePages;
  /** URL pattern per page key where `/<key>` is not enough (e.g. `/profile/:userId`). */
  paths?: Partial<Record<string, string>>;
}

/**
 * Renders a remote on its own (`npm run dev` in the remote): its pages inside the same providers
 * the shell gives them, with a small bar to switch pages. Development only; the shell owns the
 * real routing table.
 */
export function renderStandalone({ name: remote, title, pages, paths = {} }: StandaloneOptions): void {
  const keys = Object.keys(pages);
  const pathOf = (key: string) => paths[key] ?? `/${key}`;
  const linkOf = (key: string) => pathOf(key).replace(/\/:[^/]+/g, '/demo');

  // biome-ignore lint/correctness/noComponentHookFactories: made once per standalone app at startup, never inside a render
  function Frame() {
    return (
      <div className="min-h-screen bg-background pb-16 text-foreground">
        <RemoteScope name={remote}>
          <Suspense fallback={<Spinner className="m-8" />}>
            <Outlet />
          </Suspense>
        </RemoteScope>
        {/* At the bottom so pages look as they do in the shell (the storefront has its own fixed header). */}
        <nav className="fixed inset-x-0 bottom-0 z-[90] flex flex-wrap items-center gap-1 border-t border-border bg-background/90 px-4 py-2 backdrop-blur">
          <span className="mr-3 text-sm font-semibold">{title} · standalone</span>
          {keys.map((key) => (
            <NavLink
              key={key}
              to={linkOf(key)}
              end
              className={({ isActive }) =>
                cn(
                  'rounded-md px-2 py-1 text-xs text-muted-foreground hover:bg-accent',
                  isActive && 'bg-accent text-foreground',
                )
              }
            >
              {key}
            </NavLink>
          ))}
          {/* On intent, as on the storefront: this file is in the design system's full entry, which every page loads. */}
          <ThemeMenuOnDemand className="ml-auto" />
        </nav>
      </div>
    );
  }

  const hasRootPage = keys.some((key) => pathOf(key) === '/');
  const routes: RouteObject[] = [
    {
      element: <Frame />,
      children: [
        ...keys.map((key) => {
          const Page = pages[key];
          return { path: pathOf(key), element: <Page /> };
        }),
        ...(hasRootPage || keys.length === 0
          ? []
          : [{ path: '/', element: <Navigate to={linkOf(keys[0])} replace /> }]),
      ],
    },
  ];

  // Alone there is no shell stylesheet: the remote's scoped stylesheet must cover the whole page
  // (the development bar, toasts and anything portalled under <body>).
  document.documentElement.setAttribute(REMOTE_SCOPE_ATTRIBUTE, remote);

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders client={createQueryClient()}>
        <BrowserRouter>
          <StandaloneRoutes routes={routes} />
        </BrowserRouter>
        <Toaster />
      </AppProviders>
    </StrictMode>,
  );
}
