import { describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION_DAYS, LegalDocument } from '@mastering/contracts';
import { opsPerFile } from '../support';

// The privacy policy states how long audio is kept after each ending (issue 50 Deliver 6), read from the
// same Settings → Security periods the retention job deletes by. Promise: files-kept-days.
const ctx = opsPerFile();

const privacy = async () => {
  const res = await fetch(`${ctx.base}/api/legal/privacy`);
  expect(res.status).toBe(200);
  return LegalDocument.parse(await res.json()).html;
};

describe('the privacy policy and retention', () => {
  it('states each ending’s period: the defaults, then what Settings says', async () => {
    const before = await privacy();
    expect(before).toContain(
      `<strong>Delivered orders:</strong> ${DEFAULT_RETENTION_DAYS.delivered} days after delivery`,
    );
    expect(before).toContain(
      `<strong>Refunded orders:</strong> ${DEFAULT_RETENTION_DAYS.refunded} days after the refund`,
    );
    expect(before).toContain('expired or cancelled before payment): 1 day after that');

    await ctx.db.knex('settings').insert({
      key: 'security',
      value: JSON.stringify({
        audioRetentionDays: 45,
        refundedRetentionDays: 14,
        cancelledRetentionDays: 7,
        expiredRetentionDays: 2,
      }),
    });
    const after = await privacy();
    expect(after).toContain('<strong>Delivered orders:</strong> 45 days after delivery');
    expect(after).toContain('once the revision is delivered the 45 days start again');
    expect(after).toContain('<strong>Refunded orders:</strong> 14 days after the refund');
    expect(after).toContain('<strong>Orders cancelled after payment:</strong> 7 days after the cancellation');
    expect(after).toContain('expired or cancelled before payment): 2 days after that');
  });
});
