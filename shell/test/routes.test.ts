import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { pages as contentPages } from '../../mf-admin-content/src/routes';
import { pages as emailPages } from '../../mf-admin-email/src/routes';
import { pages as opsPages } from '../../mf-admin-ops/src/routes';
import { claimKeys } from '../../mf-storefront/src/api/claims';
import { orderPageKeys } from '../../mf-storefront/src/api/order-page';
import { showcaseKeys } from '../../mf-storefront/src/api/showcase';
import { siteConfigKeys } from '../../mf-storefront/src/api/site-config';
import { testimonialKeys } from '../../mf-storefront/src/api/testimonials';
import { pages as storefrontPages } from '../../mf-storefront/src/routes';
import { QueryClient } from '@tanstack/react-query';
import {
  ADMIN_MENU,
  adminMenuFor,
  mayOpen,
  PAGE_ROUTES,
  prefetchPageReads,
  QUICK_ACCESS,
  REMOTES,
  routeAt,
} from '../src/routes';

describe('routing table', () => {
  it('lists every route of both specs once', () => {
    expect(PAGE_ROUTES.map((r) => r.path)).toEqual([
      '/',
      '/upload',
      '/login',
      '/payment/success',
      '/payment/cancelled',
      '/payment/failed',
      '/download/:token',
      '/orders/:id',
      '/track-order',
      '/your-data',
      '/terms',
      '/privacy',
      '/refunds',
      '/admin',
      '/admin/orders',
      '/admin/refund-requests',
      '/admin/customers',
      '/admin/users',
      '/admin/files',
      '/admin/payments',
      '/admin/analytics',
      '/admin/showcase',
      '/admin/testimonials',
      '/admin/email-testing',
      '/admin/email-templates',
      '/admin/emails',
      '/admin/settings',
      '/profile/:userId',
    ]);
  });

  it('points every route at a page its remote really exposes', () => {
    const exposed: Record<string, Record<string, unknown>> = {
      [REMOTES.storefront]: storefrontPages,
      [REMOTES.ops]: opsPages,
      [REMOTES.content]: contentPages,
      [REMOTES.email]: emailPages,
    };
    for (const route of PAGE_ROUTES) expect(exposed[route.remote]?.[route.page], route.path).toBeDefined();
  });

  // The spec's menu in its order, with Refund requests (issue 50) after Orders.
  it('builds the sidebar in the spec order with the quick access links', () => {
    expect(ADMIN_MENU.map((item) => item.label)).toEqual([
      'Dashboard',
      'Orders',
      'Refund requests',
      'Customers',
      'Users',
      'Audio Files',
      'Payments',
      'Analytics',
      'Showcase',
      'Testimonials',
      'Email Testing',
      'Email Templates',
      'Email Campaigns',
      'Settings',
    ]);
    expect(QUICK_ACCESS.map((item) => [item.label, item.to])).toEqual([
      ['Engineer Dashboard', '/admin/files'],
      ['Back to Site', '/'],
    ]);
  });

  // Every page loads the routing table; the 15 sidebar icons (about 3 KB brotli) load with the console.
  it('names the sidebar icons and loads none of them', () => {
    const source = readFileSync(new URL('../src/routes.tsx', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from 'lucide-react'/);
    expect(ADMIN_MENU.map((item) => item.icon)).toContain('orders');
  });

  it('gives engineers only the orders and audio-files screens, customers none', () => {
    expect(adminMenuFor('engineer').map((item) => item.label)).toEqual(['Orders', 'Audio Files']);
    expect(adminMenuFor('customer')).toEqual([]);
    const open = (role: 'admin' | 'engineer' | 'customer') =>
      PAGE_ROUTES.filter((r) => r.area !== 'site' && mayOpen(r, role)).map((r) => r.path);
    expect(open('engineer')).toEqual(['/admin/orders', '/admin/files']);
    expect(open('customer')).toEqual([]);
    expect(open('admin')).toHaveLength(PAGE_ROUTES.filter((r) => r.area !== 'site').length);
    expect(PAGE_ROUTES.filter((r) => r.area === 'site').every((r) => mayOpen(r, null))).toBe(true);
  });

  it('guards the admin area and the profile page, not the public site', () => {
    for (const route of PAGE_ROUTES) {
      const guarded = route.path.startsWith('/admin') || route.path.startsWith('/profile');
      expect(route.area !== 'site', route.path).toBe(guarded);
    }
  });

  it('finds the route of a URL path, parameters included', () => {
    expect(routeAt('/')?.page).toBe('home');
    expect(routeAt('/upload/')?.page).toBe('upload');
    expect(routeAt('/orders/0b7e5c1a')?.page).toBe('order');
    expect(routeAt('/orders/')).toBeUndefined();
    expect(routeAt('/admin/orders')?.page).toBe('orders');
    expect(routeAt('/no/such/page')).toBeUndefined();
    // A segment that is no valid encoding still finds its page (which then says the link does not work).
    expect(routeAt('/orders/%E0%A4%A')?.page).toBe('order');
  });

  it("prefetches a page's reads with the query client's own fetcher, each key its URL", async () => {
    const asked: string[] = [];
    const client = new QueryClient({
      defaultOptions: {
        queries: {
          staleTime: Infinity,
          queryFn: async ({ queryKey }) => {
            asked.push(String(queryKey[0]));
            return { url: queryKey[0] };
          },
        },
      },
    });
    prefetchPageReads(client, '/');
    await vi.waitFor(() => expect(client.getQueryData(['/api/testimonials'])).toEqual({ url: '/api/testimonials' }));
    expect(asked).toEqual(['/api/config', '/api/config/claims', '/api/showcase-tracks', '/api/testimonials']);
    // The same cache entries the pages' own queries read.
    expect(routeAt('/')?.reads).toEqual(
      [siteConfigKeys.config(), claimKeys.claims(), showcaseKeys.list(), testimonialKeys.list()].map(([key]) => key),
    );
    prefetchPageReads(client, '/login');
    prefetchPageReads(client, '/no/such/page');
    expect(asked).toHaveLength(4);
  });

  it("prefetches the order page's read from its URL: the order by the link's token, the key the page reads", async () => {
    const asked: string[] = [];
    const client = new QueryClient({
      defaultOptions: {
        queries: { staleTime: Infinity, queryFn: async ({ queryKey }) => asked.push(String(queryKey[0])) },
      },
    });
    const id = '0b7e5c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b';
    prefetchPageReads(client, `/orders/${id}`, '?t=ab%2Bc.d&utm_source=mail');
    const view = orderPageKeys.view(id, 'ab+c.d');
    await vi.waitFor(() => expect(client.getQueryData(view)).toBeDefined());
    expect(asked).toEqual([siteConfigKeys.config()[0], view[0]]);
    // A link without its token shows the page's error and asks for nothing.
    prefetchPageReads(client, `/orders/${id}`, '');
    expect(asked).toHaveLength(2);
  });
});
