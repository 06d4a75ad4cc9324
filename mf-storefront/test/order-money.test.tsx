// @vitest-environment jsdom
// Issue 25: the order page links the invoice once there is one and lists the order's refunds.
import type { CustomerOrderView } from '@mastering/contracts';
import { renderWithProviders } from '@mastering/ui/testing';
import { describe, expect, it } from 'vitest';
import { OrderMoney } from '../src/pages/order/order-money';

/** Renders the order's money part; answers its container. */
function render(money: Pick<CustomerOrderView, 'refunds' | 'invoiceUrl'>) {
  return renderWithProviders(<OrderMoney order={money as CustomerOrderView} />).container;
}

describe('the order page: invoice and refunds', () => {
  it('offers the invoice PDF through the link and lists each refund with amount and status', () => {
    const host = render({
      invoiceUrl: '/api/orders/abc/invoice?t=token',
      refunds: [
        {
          amount: 100,
          status: 'succeeded',
          createdAt: '2026-11-22T10:00:00.000Z',
          creditNote: { number: 'CN-000007', url: '/api/orders/abc/credit-notes/cn7?t=token' },
        },
        { amount: 50.01, status: 'failed', createdAt: '2026-11-21T10:00:00.000Z', creditNote: null },
      ],
    });
    const link = host.querySelector<HTMLAnchorElement>('[data-testid="order-invoice"]')!;
    expect(link.textContent).toBe('Download invoice (PDF)');
    expect(link.getAttribute('href')).toBe('/api/orders/abc/invoice?t=token');
    const rows = [...host.querySelectorAll('[data-testid="order-refunds"] li')].map((li) => li.textContent);
    expect(rows[0]).toMatch(/Refund R\s?100.*Refunded/);
    expect(rows[1]).toMatch(/Refund R\s?50[.,]01.*Failed/);
  });

  it("links each succeeded refund's credit note PDF through the page's link (issue 50)", () => {
    const host = render({
      invoiceUrl: '/api/orders/abc/invoice?t=token',
      refunds: [
        {
          amount: 100,
          status: 'succeeded',
          createdAt: '2026-11-22T10:00:00.000Z',
          creditNote: { number: 'CN-000007', url: '/api/orders/abc/credit-notes/cn7?t=token' },
        },
        { amount: 50.01, status: 'failed', createdAt: '2026-11-21T10:00:00.000Z', creditNote: null },
      ],
    });
    const notes = [...host.querySelectorAll<HTMLAnchorElement>('[data-testid="order-credit-note"]')];
    expect(notes.map((a) => [a.textContent, a.getAttribute('href'), a.hasAttribute('download')])).toEqual([
      ['Credit note CN-000007 (PDF)', '/api/orders/abc/credit-notes/cn7?t=token', true],
    ]);
  });

  it('shows nothing before payment, when there is no invoice and no refund', () => {
    const host = render({ invoiceUrl: null, refunds: [] });
    expect(host.innerHTML).toBe('');
  });
});
