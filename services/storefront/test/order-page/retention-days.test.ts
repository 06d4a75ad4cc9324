import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@mastering/contracts';
import { oneTrackOrderPage, storefrontPerFile } from '../support';

// The order page says how long the audio is kept with the period of the order's own ending (issue 50
// Deliver 6): "Audio deleted after N days" under a refunded order names the refund period, not the
// delivered one; an order still open names what it will be kept for once delivered.
const ctx = storefrontPerFile();

/** A one-track order now in `status` (paid or not); answers its page as the link's holder sees it. */
const pageOf = async (status: OrderStatus, paid: boolean) =>
  (await oneTrackOrderPage(ctx, status, { paidAt: paid ? new Date() : null })).page;

describe('the order page’s retention days', () => {
  it('are the period of the order’s ending', async () => {
    await ctx.db.knex('settings').insert({
      key: 'security',
      value: JSON.stringify({
        audioRetentionDays: 45,
        refundedRetentionDays: 14,
        cancelledRetentionDays: 7,
        expiredRetentionDays: 2,
      }),
    });
    const days = async (status: OrderStatus, paid: boolean) => (await pageOf(status, paid)).retentionDays;
    expect(await days('delivered', true)).toBe(45);
    expect(await days('in_progress', true)).toBe(45);
    expect(await days('refunded', true)).toBe(14);
    expect(await days('cancelled', true)).toBe(7);
    expect(await days('cancelled', false)).toBe(2);
    expect(await days('expired', false)).toBe(2);
  });
});
