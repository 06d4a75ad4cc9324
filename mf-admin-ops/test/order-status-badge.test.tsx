// @vitest-environment jsdom
// Issue 27 item 5: Delivered is a success (the spec's `completed` is not an order status).
import { ORDER_STATUSES } from '@mastering/contracts';
import { renderWithProviders } from '@mastering/ui/testing';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge, orderBadge } from '../src/pages/dashboard/order-status-badge';

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
    const { container } = renderWithProviders(<OrderStatusBadge status="delivered" />);
    const badge = container.querySelector('[data-slot="badge"]')!;
    expect(badge.getAttribute('data-variant')).toBe('success');
    expect(badge.textContent).toMatch(/^delivered$/i);
  });
});
