// @vitest-environment jsdom
import type { AdminOrder, OrderRefunds } from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefundSection } from '../src/pages/orders/refund-section';

const ORDER_ID = '0b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e';
const refunds: OrderRefunds = {
  paid: 649,
  refunded: 100,
  pending: 0,
  refundable: 549,
  refunds: [
    {
      id: '1b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e',
      orderId: ORDER_ID,
      amount: 100,
      currency: 'ZAR',
      reason: 'One track was not needed',
      status: 'succeeded',
      failureReason: null,
      requestedBy: 'admin@example.com',
      createdAt: '2026-11-23T10:00:00.000Z',
      processedAt: '2026-11-23T10:00:05.000Z',
    },
  ],
};
const posted: unknown[] = [];

beforeEach(() => {
  posted.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      return new Response(JSON.stringify({ ...refunds.refunds[0], amount: body.amount, status: 'pending' }), {
        status: 201,
      });
    }
    expect(String(url)).toContain(`/api/admin/orders/${ORDER_ID}/refunds`);
    return new Response(JSON.stringify(refunds), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderWithProviders(<RefundSection order={{ id: ORDER_ID, status: 'payment_confirmed' } as AdminOrder} />);
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('RefundSection', () => {
  it('shows what was refunded, and the Refund dialog offers the rest by default and needs a reason', async () => {
    render();
    expect((await screen.findByTestId('order-refunded')).textContent).toContain('R100');
    expect(screen.getByTestId('order-refund-row').textContent).toContain('One track was not needed');
    fireEvent.click(screen.getByTestId('order-refund'));
    expect((screen.getByTestId('refund-amount') as HTMLInputElement).value).toBe('549.00');
    // No reason: nothing is sent.
    fireEvent.click(screen.getByTestId('refund-issue'));
    expect(posted).toEqual([]);
    type('refund-amount', '200');
    type('refund-reason', 'Late delivery');
    fireEvent.click(screen.getByTestId('refund-issue'));
    await waitFor(() => expect(posted).toEqual([{ amount: 200, reason: 'Late delivery' }]));
  });
});
