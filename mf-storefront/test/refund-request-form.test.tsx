// @vitest-environment jsdom
// Issue 25: "Not happy?" sends the message with the link's token and shows the server's answer.
import { REFUND_REQUEST_RECEIVED } from '@mastering/contracts';
import { createQueryClient } from '@mastering/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefundRequestForm } from '../src/pages/order/refund-request-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ID = '4b0c2a1e-7d3f-4c1a-9e2b-5f6a7b8c9d0e';
const calls: { url: string; body: unknown }[] = [];
let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify({ message: REFUND_REQUEST_RECEIVED }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  });
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <RefundRequestForm orderId={ID} token="token-from-the-mail" />
      </QueryClientProvider>,
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('Not happy? on the order page', () => {
  it('sends the message with the token and shows that staff will answer', async () => {
    const field = host.querySelector('textarea')!;
    const submit = host.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submit.disabled).toBe(true);
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(field, 'The vocals are buried.');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => host.querySelector('form')!.requestSubmit());
    for (let i = 0; i < 3; i++) await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(calls).toEqual([
      {
        url: `/api/orders/${ID}/refund-request`,
        body: { token: 'token-from-the-mail', message: 'The vocals are buried.' },
      },
    ]);
    expect(host.querySelector('[data-testid="refund-request-sent"]')!.textContent).toBe(REFUND_REQUEST_RECEIVED);
  });
});
