import { describe, expect, it } from 'vitest';
import {
  AUTOMATIC_STATUSES,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  roleCanTransition,
  transitionsFor,
  type OrderStatus,
} from '../src';

// The issue-25 states by role: refund_pending, refunded and expired are reached only by their own
// mechanism (a refund through Yoco, its webhook, the expiry of an unpaid order), never the status form.
describe('refund and expiry states', () => {
  it('lets a paid order enter refund_pending, which ends refunded or back where it was; expired is final', () => {
    for (const from of ['payment_confirmed', 'in_progress', 'mastered', 'delivered', 'revision_requested'] as const)
      expect(ORDER_TRANSITIONS[from]).toContain('refund_pending');
    expect(ORDER_TRANSITIONS.pending_payment).toContain('expired');
    expect(ORDER_TRANSITIONS.pending_payment).not.toContain('refund_pending');
    expect(ORDER_TRANSITIONS.refund_pending).toEqual([
      'refunded',
      'payment_confirmed',
      'in_progress',
      'mastered',
      'delivered',
      'revision_requested',
    ]);
    expect(ORDER_TRANSITIONS.refunded).toEqual([]);
    expect(ORDER_TRANSITIONS.expired).toEqual([]);
  });

  it('never offers a role a move into an automatic status, nor any move while a refund is pending', () => {
    for (const role of ['admin', 'engineer', 'customer'] as const) {
      for (const from of ORDER_STATUSES) {
        for (const to of AUTOMATIC_STATUSES)
          expect(roleCanTransition(role, from, to), `${role} ${from}->${to}`).toBe(false);
      }
      expect(transitionsFor(role, 'refund_pending')).toEqual([]);
    }
  });

  it('keeps every other move of the table for admins, and the mastering moves for engineers', () => {
    for (const from of ORDER_STATUSES) {
      const manual = ORDER_TRANSITIONS[from].filter(
        (to) => !(AUTOMATIC_STATUSES as readonly OrderStatus[]).includes(to),
      );
      if (from !== 'refund_pending') expect(transitionsFor('admin', from)).toEqual(manual);
    }
    expect(transitionsFor('engineer', 'delivered')).toEqual(['in_progress']);
    expect(transitionsFor('engineer', 'payment_confirmed')).toEqual(['in_progress']);
    expect(transitionsFor('customer', 'delivered')).toEqual(['revision_requested']);
  });
});
