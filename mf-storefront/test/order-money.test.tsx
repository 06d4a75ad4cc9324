// @vitest-environment jsdom
// Issue 25: the order page links the invoice once there is one and lists the order's refunds.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import type { CustomerOrderView } from '@mastering/contracts';
import { OrderMoney } from '../src/pages/order/order-money';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function render(money: Pick<CustomerOrderView, 'refunds' | 'invoiceUrl'>) {
  const host = document.createElement('div');
  const root = createRoot(host);
  act(() => root.render(<OrderMoney order={money as CustomerOrderView} />));
  return { host, done: () => act(() => root.unmount()) };
}

describe('the order page: invoice and refunds', () => {
  it('offers the invoice PDF through the link and lists each refund with amount and status', () => {
    const { host, done } = render({
      invoiceUrl: '/api/orders/abc/invoice?t=token',
      refunds: [
        { amount: 100, status: 'succeeded', createdAt: '2026-11-22T10:00:00.000Z' },
        { amount: 50.01, status: 'failed', createdAt: '2026-11-21T10:00:00.000Z' },
      ],
    });
    const link = host.querySelector<HTMLAnchorElement>('[data-testid="order-invoice"]')!;
    expect(link.textContent).toBe('Download invoice (PDF)');
    expect(link.getAttribute('href')).toBe('/api/orders/abc/invoice?t=token');
    const rows = [...host.querySelectorAll('[data-testid="order-refunds"] li')].map((li) => li.textContent);
    expect(rows[0]).toMatch(/Refund R\s?100.*Refunded/);
    expect(rows[1]).toMatch(/Refund R\s?50[.,]01.*Failed/);
    done();
  });

  it('shows nothing before payment, when there is no invoice and no refund', () => {
    const { host, done } = render({ invoiceUrl: null, refunds: [] });
    expect(host.innerHTML).toBe('');
    done();
  });
});
