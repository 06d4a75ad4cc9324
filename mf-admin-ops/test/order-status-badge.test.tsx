// @vitest-environment jsdom
// Issue 27 item 5: Delivered is a success (the spec's `completed` is not an order status).
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@mastering/contracts';
import { OrderStatusBadge, orderBadge } from '../src/pages/dashboard/order-status-badge';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('order status badge', () => {
  it('shows Delivered as a green success, never the warning', () => {
    expect(orderBadge('delivered')).toMatchObject({ variant: 'success', tone: 'success' });
    expect(orderBadge('completed')).toMatchObject({ variant: 'success' });
  });

  it('keeps the warning only for orders waiting on the customer', () => {
    const warned = ORDER_STATUSES.filter((status) => orderBadge(status).tone === 'warning');
    expect(warned).toEqual(['pending_payment']);
    expect(orderBadge('in_progress').tone).toBe('under-way');
    expect(orderBadge('cancelled').tone).toBe('closed');
  });

  it('badges the lifecycle statuses of issue 25 explicitly', () => {
    expect(orderBadge('revision_requested').tone).toBe('under-way');
    expect(orderBadge('refund_pending').tone).toBe('under-way');
    expect(orderBadge('refunded').tone).toBe('closed');
    expect(orderBadge('expired').tone).toBe('closed');
  });

  it('renders the success variant with the label', () => {
    const host = document.createElement('div');
    const root = createRoot(host);
    act(() => root.render(<OrderStatusBadge status="delivered" />));
    const badge = host.querySelector('[data-slot="badge"]')!;
    expect(badge.getAttribute('data-variant')).toBe('success');
    expect(badge.textContent).toMatch(/^delivered$/i);
    act(() => root.unmount());
  });
});
