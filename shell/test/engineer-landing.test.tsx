// @vitest-environment jsdom
// Issue 27 item 6: an engineer opening the console lands on Audio Files (Engineer Dashboard), not on "No access".
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ADMIN_HOME, adminLandingFor, PAGE_ROUTES, QUICK_ACCESS, RoleGate } from '../src/routes';
import { SESSION_QUERY_KEY } from '../src/session/session';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Renders the gated routes for a signed-in `role` starting at `path`; answers where the router ended and what it shows. */
function open(role: 'admin' | 'engineer', path: string) {
  const client = new QueryClient();
  client.setQueryData(SESSION_QUERY_KEY, { user: { id: 'u1', email: `${role}@example.com`, role } });
  const router = createMemoryRouter(
    PAGE_ROUTES.filter((route) => route.area === 'admin').map((route) => ({
      path: route.path,
      element: (
        <RoleGate route={route}>
          <p data-testid="page">{route.page}</p>
        </RoleGate>
      ),
    })),
    { initialEntries: [path] },
  );
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
  const result = {
    path: router.state.location.pathname,
    page: host.querySelector('[data-testid="page"]')?.textContent ?? null,
    noAccess: host.querySelector('[data-testid="no-access"]') !== null,
  };
  act(() => root.unmount());
  return result;
}

describe('where staff land in the console', () => {
  it('sends engineers to Audio Files, the Engineer Dashboard of the quick access links', () => {
    expect(adminLandingFor('engineer')).toBe('/admin/files');
    expect(QUICK_ACCESS[0]!.to).toBe(adminLandingFor('engineer'));
    expect(adminLandingFor('admin')).toBe(ADMIN_HOME);
  });

  it('an engineer following the admin link sees Audio Files, not a no-access panel', () => {
    expect(open('engineer', '/admin')).toEqual({ path: '/admin/files', page: 'files', noAccess: false });
  });

  it('an admin stays on the Dashboard', () => {
    expect(open('admin', '/admin')).toEqual({ path: '/admin', page: 'dashboard', noAccess: false });
  });

  it('other screens an engineer may not use still say so', () => {
    expect(open('engineer', '/admin/settings')).toEqual({ path: '/admin/settings', page: null, noAccess: true });
  });
});
