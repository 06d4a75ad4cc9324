// @vitest-environment jsdom
// Issue 27 item 6: an engineer opening the console lands on Audio Files (Engineer Dashboard), not on "No access".
import { renderWithProviders } from '@mastering/ui/testing';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ADMIN_HOME, adminLandingFor, PAGE_ROUTES, QUICK_ACCESS, RoleGate } from '../src/routes';
import { SESSION_QUERY_KEY } from '../src/session/session';

/** Where the router is now. */
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** Renders the gated routes for a signed-in `role` starting at `path`; answers where the router ended and what it shows. */
function open(role: 'admin' | 'engineer', path: string) {
  const { container, unmount } = renderWithProviders(
    <>
      <Routes>
        {PAGE_ROUTES.filter((route) => route.area === 'admin').map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <RoleGate route={route}>
                <p data-testid="page">{route.page}</p>
              </RoleGate>
            }
          />
        ))}
      </Routes>
      <Where />
    </>,
    { route: path, queryData: [[SESSION_QUERY_KEY, { user: { id: 'u1', email: `${role}@example.com`, role } }]] },
  );
  const result = {
    path: container.querySelector('[data-testid="where"]')?.textContent,
    page: container.querySelector('[data-testid="page"]')?.textContent ?? null,
    noAccess: container.querySelector('[data-testid="no-access"]') !== null,
  };
  unmount();
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
