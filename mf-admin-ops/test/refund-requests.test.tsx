// @vitest-environment jsdom
// Issue 25: staff see an order's "Not happy?" requests in the order dialog and approve or decline them.
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
};
const calls: { url: string; body?: unknown }[] = [];

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
  it("lists the order's open request with its message and declines it with the answer", async () => {
    renderWithProviders(<RefundRequests orderId={ORDER_ID} canAnswer />);
    const row = await screen.findByTestId('refund-request-row');
    expect(calls[0]!.url).toContain(`/api/admin/refund-requests?orderId=${ORDER_ID}`);
    expect(row.textContent).toContain('The vocals are buried.');
    expect(row.textContent).toContain('Open');
    fireEvent.change(within(row).getByTestId('refund-request-answer'), { target: { value: 'Remastering' } });
    fireEvent.click(within(row).getByTestId('refund-request-decline'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/answer'))).toBe(true));
    const post = calls.find((c) => c.url.endsWith(`/api/admin/refund-requests/${open.id}/answer`));
    expect(post?.body).toEqual({ decision: 'declined', answer: 'Remastering' });
  });

  it('shows an engineer the request without the answer form (answering is for admins)', async () => {
    renderWithProviders(<RefundRequests orderId={ORDER_ID} canAnswer={false} />);
    const row = await screen.findByTestId('refund-request-row');
    expect(row.textContent).toContain('The vocals are buried.');
    expect(within(row).queryByTestId('refund-request-answer')).toBeNull();
    expect(within(row).queryByTestId('refund-request-approve')).toBeNull();
  });
});
