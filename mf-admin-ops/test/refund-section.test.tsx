// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, OrderRefunds } from '@mastering/contracts';
import { createQueryClient } from '@mastering/ui';
import { RefundSection } from '../src/pages/orders/refund-section';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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
let root: Root | undefined;
let host: HTMLDivElement;

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
afterEach(() => {
  act(() => root?.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

async function render() {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <QueryClientProvider client={createQueryClient()}>
        <RefundSection order={{ id: ORDER_ID, status: 'payment_confirmed' } as AdminOrder} />
      </QueryClientProvider>,
    ),
  );
  await act(async () => undefined);
}
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
function type(id: string, value: string) {
  const el = byTestId(id) as HTMLInputElement | HTMLTextAreaElement;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!;
  act(() => {
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('RefundSection', () => {
  it('shows what was refunded, and the Refund dialog offers the rest by default and needs a reason', async () => {
    await render();
    await vi.waitFor(() => expect(byTestId('order-refunded')?.textContent).toContain('R100'));
    expect(byTestId('order-refund-row')?.textContent).toContain('One track was not needed');
    await act(async () => byTestId('order-refund')!.click());
    expect((byTestId('refund-amount') as HTMLInputElement).value).toBe('549.00');
    // No reason: nothing is sent.
    await act(async () => byTestId('refund-issue')!.click());
    expect(posted).toEqual([]);
    type('refund-amount', '200');
    type('refund-reason', 'Late delivery');
    await act(async () => byTestId('refund-issue')!.click());
    await vi.waitFor(() => expect(posted).toEqual([{ amount: 200, reason: 'Late delivery' }]));
  });
});
