// @vitest-environment jsdom
// Issue 50: the Refund requests screen lists every order's "Not happy?" requests, open ones first, and the
// dashboard calls staff to them with the open and overdue count.
import type { RefundRequest } from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen, waitFor, within } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefundRequestsNotice } from '../src/pages/dashboard/refund-requests-notice';
import RefundRequestsPage from '../src/pages/refund-requests/refund-requests';

const request = (n: number, overrides: Partial<RefundRequest> = {}): RefundRequest => ({
  id: `2b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5${n}`,
  orderId: `${n}b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e`,
  customerEmail: `artist${n}@example.com`,
  message: `Message ${n}`,
  decision: null,
  answer: null,
  answeredAt: null,
  createdAt: '2026-12-04T13:00:00.000Z',
  answerBy: '2026-12-07T13:00:00.000Z',
  overdue: false,
  ...overrides,
});
const answered = request(3, {
  decision: 'declined',
  answer: 'As ordered',
  answeredAt: '2026-12-05T10:00:00.000Z',
});
let count = { open: 2, overdue: 1 };
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  count = { open: 2, overdue: 1 };
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(String(url));
    if (String(url).endsWith('/count')) return new Response(JSON.stringify(count));
    if (String(url).startsWith('/api/auth/me')) return new Response(JSON.stringify({ user: null }));
    const open = [request(1, { overdue: true }), request(2)];
    return new Response(JSON.stringify(String(url).includes('state=open') ? open : [...open, answered]));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the Refund requests screen', () => {
  it('lists the open requests with their order, customer and overdue flag, and all of them on "All"', async () => {
    renderWithProviders(<RefundRequestsPage />);
    await waitFor(() => expect(screen.getAllByTestId('refund-request-row')).toHaveLength(2));
    expect(asked).toContain('/api/admin/refund-requests?state=open');
    const [first, second] = screen.getAllByTestId('refund-request-row');
    expect(within(first!).getByTestId('refund-request-order').textContent).toBe('#1b1e9d5c');
    expect(first!.textContent).toContain('artist1@example.com');
    expect(within(first!).getByTestId('refund-request-overdue')).toBeTruthy();
    expect(within(second!).queryByTestId('refund-request-overdue')).toBeNull();
    expect(screen.getByTestId('refund-requests-count').textContent).toBe('2 open refund requests, 1 overdue');

    fireEvent.click(screen.getByTestId('refund-requests-all'));
    await waitFor(() => expect(screen.getAllByTestId('refund-request-row')).toHaveLength(3));
    expect(asked).toContain('/api/admin/refund-requests');
    expect(screen.getAllByTestId('refund-request-row')[2]!.textContent).toContain('Answer: As ordered');
  });
});

describe('the dashboard notice', () => {
  it('links the open and overdue count to the screen, and shows nothing when none is open', async () => {
    const { unmount } = renderWithProviders(<RefundRequestsNotice />);
    const link = await screen.findByTestId('dashboard-refund-requests');
    expect(link.textContent).toBe('2 open refund requests, 1 overdue');
    expect(link.getAttribute('href')).toBe('/admin/refund-requests');
    unmount();
    count = { open: 0, overdue: 0 };
    renderWithProviders(<RefundRequestsNotice />);
    await waitFor(() => expect(asked.filter((u) => u.endsWith('/count'))).toHaveLength(2));
    expect(screen.queryByTestId('dashboard-refund-requests')).toBeNull();
  });
});
