import { describe, expect, it } from 'vitest';
import { CustomerOrderView, type OrderStatus } from '@mastering/contracts';
import { createDownloadLinks, createOrderLinks, orderPageUrl } from '@mastering/service-kit';
import { SECRET, storefrontPerFile } from '../support';

// The order page links a delivered release pack to its download page (issue 54): each file and the zip
// are there, behind a fresh short-lived delivery token; no link before delivery or without a pack.
const ctx = storefrontPerFile();
const links = createOrderLinks(SECRET);

/** A one-track order in `status`, with or without a pack; answers its page as the link's holder sees it. */
async function pageOf(status: OrderStatus, withPack: boolean) {
  const [{ id }] = await ctx.db
    .knex('orders')
    .insert({
      customerEmail: 'artist@example.com',
      status,
      unitPriceCents: 49900,
      trackCount: 1,
      subtotalCents: 49900,
      totalCents: withPack ? 54900 : 49900,
      releasePackCents: withPack ? 5000 : 0,
      releasePack: withPack ? JSON.stringify({ formats: [{ format: 'mp3', unitCents: 5000 }] }) : null,
      paidAt: new Date(),
    })
    .returning('id');
  await ctx.db
    .knex('orderFiles')
    .insert({ orderId: id, originalName: 'a.wav', fileName: 'a.wav', fileSize: 10, originalFilePath: 'x' });
  const token = new URL(orderPageUrl(links, 'http://x', id)).searchParams.get('t')!;
  const res = await fetch(`${ctx.site.base}/api/orders/${id}/view?t=${token}`);
  expect(res.status).toBe(200);
  return { id, page: CustomerOrderView.parse(await res.json()) };
}

describe('the order page’s release pack link', () => {
  it('opens the delivery’s download page once delivered with a pack, and only then', async () => {
    const { id, page } = await pageOf('delivered', true);
    const token = page.releasePackUrl!.replace(/^\/download\//, '');
    const grant = createDownloadLinks(SECRET).verify(token);
    expect(grant !== 'expired' && grant?.claims).toEqual({ order: id });
    expect((await pageOf('in_progress', true)).page.releasePackUrl).toBeNull();
    expect((await pageOf('delivered', false)).page.releasePackUrl).toBeNull();
  });
});
