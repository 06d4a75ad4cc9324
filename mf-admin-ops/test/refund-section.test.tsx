// @vitest-environment jsdom
import type { OrderRefunds, PaymentDetail } from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen, waitFor, within } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefundSection } from '../src/components/refund-section';
import { PaymentDetailDialog } from '../src/pages/payments/payment-detail-dialog';

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
      creditNote: { id: '2b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e', number: 'CN-000004' },
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
    expect(String(url)).toContain(`/api/admin/refunds/orders/${ORDER_ID}`);
    return new Response(JSON.stringify(refunds), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithProviders(<RefundSection orderId={ORDER_ID} />);
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

describe('RefundSection: credit notes and what the server allows', () => {
  it("links a succeeded refund's credit note PDF for staff", async () => {
    render();
    const link = await screen.findByTestId('order-credit-note');
    expect(link.textContent).toBe('Credit note CN-000004 (PDF)');
    expect(link.getAttribute('href')).toBe(
      `/api/admin/orders/${ORDER_ID}/credit-notes/2b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e`,
    );
  });

  it('offers no Refund when the server says nothing may be refunded now (a refund on its way)', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ ...refunds, pending: 100, refundable: 0 })));
    render();
    expect((await screen.findByTestId('order-refunded')).textContent).toContain('on its way');
    expect(screen.queryByTestId('order-refund')).toBeNull();
  });
});

describe('Refund from Payments (issue 50)', () => {
  const PAYMENT_ID = '3b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e';
  const payment: PaymentDetail = {
    id: PAYMENT_ID,
    paymentId: 'ch_123',
    orderId: ORDER_ID,
    customerEmail: 'artist@example.com',
    amount: 64_900,
    currency: 'ZAR',
    paymentMethod: 'card',
    status: 'succeeded',
    createdAt: '2026-11-22T10:00:00.000Z',
    processedAt: '2026-11-22T10:00:05.000Z',
    attention: null,
    failureReason: null,
    events: [],
  };
  const renderDialog = (shown: PaymentDetail) =>
    renderWithProviders(<PaymentDetailDialog id={PAYMENT_ID} onClose={() => {}} />, {
      queryData: [[[`/api/admin/payments/${PAYMENT_ID}`], shown]],
    });

  it("the payment dialog shows its order's refunds and refunds through the same dialog as the order's", async () => {
    renderDialog(payment);
    const dialog = await screen.findByTestId('payment-detail');
    expect((await within(dialog).findByTestId('order-refunded')).textContent).toContain('R100');
    fireEvent.click(within(dialog).getByTestId('order-refund'));
    expect((screen.getByTestId('refund-amount') as HTMLInputElement).value).toBe('549.00');
    type('refund-reason', 'Paid twice by mistake');
    fireEvent.click(screen.getByTestId('refund-issue'));
    await waitFor(() => expect(posted).toEqual([{ amount: 549, reason: 'Paid twice by mistake' }]));
  });

  it('offers no refund on a payment flagged for attention (a second payment is not what the refund pays back)', async () => {
    renderDialog({ ...payment, attention: 'already_paid' });
    const dialog = await screen.findByTestId('payment-detail');
    await within(dialog).findByTestId('payment-attention-reason');
    expect(within(dialog).queryByTestId('order-refunds')).toBeNull();
  });
});
