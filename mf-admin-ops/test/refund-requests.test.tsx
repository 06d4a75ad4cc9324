// @vitest-environment jsdom
// Issue 25: staff see an order's "Not happy?" requests in the order dialog; issue 50: only an admin answers
// them, and one open past its working day is flagged overdue.
import type { RefundRequest } from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen, waitFor, within } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefundRequests } from '../src/pages/orders/refund-requests';

const ORDER_ID = '0b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e';
const open: RefundRequest = {
  id: '2b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e',
  orderId: ORDER_ID,
  customerEmail: 'naledi@example.com',
  message: 'The vocals are buried.',
  decision: null,
  answer: null,
  answeredAt: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  answerBy: '2026-11-24T10:00:00.000Z',
  overdue: true,
};
const calls: { url: string; body?: unknown }[] = [];
const meAs = (role: 'admin' | 'engineer') =>
  [['/api/auth/me'], { user: { id: '4b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e', email: 'e@x.test', role } }] as [
    readonly unknown[],
    unknown,
  ];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (init?.method === 'POST') {
      return new Response(JSON.stringify({ ...open, answer: 'Remastering', answeredAt: open.createdAt }));
    }
    return new Response(JSON.stringify([open]));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('RefundRequests', () => {
  it("lists the order's open request with its message, flags it overdue, and an admin declines it with the answer", async () => {
    renderWithProviders(<RefundRequests orderId={ORDER_ID} />, { queryData: [meAs('admin')] });
    const row = await screen.findByTestId('refund-request-row');
    expect(calls[0]!.url).toContain(`/api/admin/refund-requests?orderId=${ORDER_ID}`);
    expect(row.textContent).toContain('The vocals are buried.');
    expect(row.textContent).toContain('Open');
    expect(within(row).getByTestId('refund-request-overdue').textContent).toBe('Overdue');
    fireEvent.change(within(row).getByTestId('refund-request-answer'), { target: { value: 'Remastering' } });
    fireEvent.click(within(row).getByTestId('refund-request-decline'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/answer'))).toBe(true));
    const post = calls.find((c) => c.url.endsWith(`/api/admin/refund-requests/${open.id}/answer`));
    expect(post?.body).toEqual({ decision: 'declined', answer: 'Remastering' });
  });

  it('shows an engineer the request without the answer form', async () => {
    renderWithProviders(<RefundRequests orderId={ORDER_ID} />, { queryData: [meAs('engineer')] });
    const row = await screen.findByTestId('refund-request-row');
    expect(row.textContent).toContain('An admin answers this request.');
    expect(within(row).queryByTestId('refund-request-answer')).toBeNull();
  });
});
