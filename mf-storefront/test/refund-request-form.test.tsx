// @vitest-environment jsdom
// Issue 25: "Not happy?" sends the message with the link's token and shows the server's answer.
import { REFUND_REQUEST_RECEIVED } from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefundRequestForm } from '../src/pages/order/refund-request-form';

const ID = '4b0c2a1e-7d3f-4c1a-9e2b-5f6a7b8c9d0e';
const calls: { url: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init?.body)) });
    return new Response(JSON.stringify({ message: REFUND_REQUEST_RECEIVED }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  });
  renderWithProviders(<RefundRequestForm orderId={ID} token="token-from-the-mail" />);
});
afterEach(() => vi.unstubAllGlobals());

describe('Not happy? on the order page', () => {
  it('sends the message with the token and shows that staff will answer', async () => {
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: /send/i });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'The vocals are buried.' } });
    fireEvent.submit(submit.form!);
    const sent = await screen.findByTestId('refund-request-sent');
    expect(calls).toEqual([
      {
        url: `/api/orders/${ID}/refund-request`,
        body: { token: 'token-from-the-mail', message: 'The vocals are buried.' },
      },
    ]);
    expect(sent.textContent).toBe(REFUND_REQUEST_RECEIVED);
  });
});
