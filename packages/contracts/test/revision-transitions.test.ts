import { describe, expect, it } from 'vitest';
import { canTransition, ORDER_STATUSES, PAID_ORDER_STATUSES, roleCanTransition, transitionsFor } from '../src';

describe('revision_requested in the transition table', () => {
  it('comes only from delivered (or back from a partial refund) and goes only back to the engineers', () => {
    expect(ORDER_STATUSES.indexOf('revision_requested')).toBe(ORDER_STATUSES.indexOf('delivered') + 1);
    for (const from of ORDER_STATUSES)
      expect([from, canTransition(from, 'revision_requested')]).toEqual([
        from,
        from === 'delivered' || from === 'refund_pending',
      ]);
    expect(transitionsFor('admin', 'revision_requested')).toEqual(['in_progress']);
  });

  it('is the customer’s one move; engineers take it up; only admins may send an order back for a customer', () => {
    for (const from of ORDER_STATUSES)
      expect([from, transitionsFor('customer', from)]).toEqual([
        from,
        from === 'delivered' ? ['revision_requested'] : [],
      ]);
    expect(roleCanTransition('engineer', 'revision_requested', 'in_progress')).toBe(true);
    expect(roleCanTransition('engineer', 'delivered', 'revision_requested')).toBe(false);
    expect(roleCanTransition('admin', 'delivered', 'revision_requested')).toBe(true);
    expect(roleCanTransition('customer', 'revision_requested', 'in_progress')).toBe(false);
  });

  it('counts a revision as paid', () => {
    expect(PAID_ORDER_STATUSES).toContain('revision_requested');
  });
});
