// @vitest-environment jsdom
// Issue 25: staff see an order's "Not happy?" requests in the order dialog and approve or decline them.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RefundRequest } from '@mastering/contracts';
import { createQueryClient } from '@mastering/ui';
import { RefundRequests } from '../src/pages/orders/refund-requests';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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
let root: Root | undefined;
let host: HTMLDivElement;

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
        <RefundRequests orderId={ORDER_ID} />
      </QueryClientProvider>,
    ),
  );
  for (let i = 0; i < 5; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
}

describe('RefundRequests', () => {
  it("lists the order's open request with its message and declines it with the answer", async () => {
    await render();
    expect(calls[0]!.url).toContain(`/api/admin/refund-requests?orderId=${ORDER_ID}`);
    const row = document.querySelector('[data-testid="refund-request-row"]')!;
    expect(row.textContent).toContain('The vocals are buried.');
    expect(row.textContent).toContain('Open');
    const field = document.querySelector<HTMLTextAreaElement>('[data-testid="refund-request-answer"]')!;
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(field, 'Remastering');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => row.querySelector<HTMLButtonElement>('[data-testid="refund-request-decline"]')!.click());
    await act(async () => undefined);
    const post = calls.find((c) => c.url.endsWith(`/api/admin/refund-requests/${open.id}/answer`));
    expect(post?.body).toEqual({ decision: 'declined', answer: 'Remastering' });
  });
});
