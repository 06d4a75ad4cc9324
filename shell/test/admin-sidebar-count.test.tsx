// @vitest-environment jsdom
// Issue 50: the sidebar's Refund requests link shows how many "Not happy?" requests are open, red when any is
// overdue, and nothing when none is; engineers, who do not answer them, get neither the link nor the count.
import { REFUND_REQUEST_COUNT_PATH } from '@mastering/contracts';
import { renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SidebarContent } from '../src/admin/admin-sidebar';
import { adminMenuFor, QUICK_ACCESS } from '../src/routes';

let count = { open: 3, overdue: 1 };
const asked: string[] = [];
function stubCount() {
  asked.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(String(url));
    return new Response(JSON.stringify(count));
  });
}
afterEach(() => vi.unstubAllGlobals());

const sidebar = (role: 'admin' | 'engineer', expanded = true) =>
  renderWithProviders(<SidebarContent menu={adminMenuFor(role)} quickAccess={QUICK_ACCESS} expanded={expanded} />);

describe('the sidebar count of refund requests', () => {
  it('shows the open requests on the Refund requests link, marked when any is overdue', async () => {
    count = { open: 3, overdue: 1 };
    stubCount();
    sidebar('admin');
    const badge = await screen.findByTestId('nav-count');
    expect(asked).toEqual([REFUND_REQUEST_COUNT_PATH]);
    expect(badge.closest('a')?.getAttribute('href')).toBe('/admin/refund-requests');
    expect(badge.textContent).toBe('3 (3 open refund requests, 1 overdue)');
    expect(badge.dataset.overdue).toBe('true');
  });

  it('is plain when none is overdue, and absent when none is open', async () => {
    count = { open: 2, overdue: 0 };
    stubCount();
    const { unmount } = sidebar('admin', false);
    expect((await screen.findByTestId('nav-count')).dataset.overdue).toBe('false');
    unmount();
    count = { open: 0, overdue: 0 };
    stubCount();
    sidebar('admin');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByTestId('nav-count')).toBeNull();
  });

  it('asks nothing for an engineer, whose menu has no Refund requests', () => {
    stubCount();
    sidebar('engineer');
    expect(screen.queryByText('Refund requests')).toBeNull();
    expect(asked).toEqual([]);
  });
});
