// Keeps promise "claims-from-data" (packages/contracts/src/promises.ts).
import { describe, expect, it } from 'vitest';
import { PublicClaims, type OrderStatus } from '@mastering/contracts';
import { claimFigures, Setting } from '@mastering/db';
import { publicClaims } from '../../src/site-config/claims';
import { storefrontPerFile } from '../support';

// Claims from data (issue 27 item 9): the figures come from delivered orders and the masters' analysis.
const ctx = storefrontPerFile();
const HOUR = 3_600_000;

/** An order paid `paidHoursAgo` ago with `tracks` files, delivered `hoursToDeliver` later (or not at all). */
async function order(tracks: number, hoursToDeliver: number | null, peaks: (number | null)[] = []) {
  const knex = ctx.db.knex;
  const paidAt = new Date(Date.now() - 100 * HOUR);
  const status: OrderStatus = hoursToDeliver === null ? 'in_progress' : 'delivered';
  const [{ id }] = await knex('orders')
    .insert({
      customerEmail: 'a@example.com',
      status,
      unitPriceCents: 1,
      trackCount: tracks,
      subtotalCents: 1,
      totalCents: 1,
      paidAt,
    })
    .returning('id');
  const files = await knex('orderFiles')
    .insert(
      Array.from({ length: tracks }, (_, i) => ({
        orderId: id,
        originalName: `t${i}.wav`,
        fileName: `t${i}.wav`,
        fileSize: 1,
        originalFilePath: `/objects/x${i}`,
      })),
    )
    .returning('id');
  await knex('orderStatusHistory').insert({
    orderId: id,
    fromStatus: 'pending_payment',
    toStatus: 'payment_confirmed',
    createdAt: paidAt,
  });
  if (hoursToDeliver !== null)
    await knex('orderStatusHistory').insert({
      orderId: id,
      fromStatus: 'mastered',
      toStatus: 'delivered',
      createdAt: new Date(paidAt.getTime() + hoursToDeliver * HOUR),
    });
  const analysis = (fileId: string, peak: number, at: Date) => ({
    fileId,
    role: 'master',
    analyserVersion: String(at.getTime()),
    status: 'ok',
    integratedLufs: -9,
    truePeakDbtp: peak,
    analysedAt: at,
  });
  for (const [i, peak] of peaks.entries())
    if (peak !== null) {
      // An older master that clipped, then the delivered one: only the newest counts.
      await knex('fileAnalyses').insert(analysis(files[i].id, 0.5, new Date(paidAt.getTime() + HOUR)));
      await knex('fileAnalyses').insert(analysis(files[i].id, peak, new Date(paidAt.getTime() + 2 * HOUR)));
    }
}

describe('the figures behind the claims', () => {
  it('counts delivered tracks, the median delivery time and the masters at or under -1 dBTP', async () => {
    await order(2, 10, [-1, -0.2]);
    await order(1, 30, [-3]);
    await order(3, 50, [null, -1.5, null]);
    await order(5, null, [-2, -2]); // not delivered: counts for nothing
    expect(await claimFigures(ctx.db.knex, -1)).toEqual({
      tracksDelivered: 6,
      medianDeliveryHours: 30,
      mastersMeasured: 4,
      mastersStreamingReady: 3,
    });

    // Below the default minimum (100 tracks) the home page states nothing; lowered, it states what the data backs.
    const claims = publicClaims(ctx.db.knex, 0);
    expect(await claims()).toEqual({ claims: [] });
    await Setting.query(ctx.db.knex).insert({
      key: 'claims',
      value: { minTracksDelivered: 5, minStreamingReadyPercent: 75 },
    });
    expect((await claims()).claims.map((c) => `${c.figure} ${c.label}`)).toEqual([
      '6+ tracks mastered',
      '30-hour median delivery',
      '75% ready for streaming',
    ]);

    const res = await fetch(`${ctx.site.base}/api/config/claims`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(PublicClaims.parse(await res.json()).claims).toHaveLength(3);
  });
});
