import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@mastering/contracts';
import { createDownloadLinks } from '@mastering/service-kit';
import { oneTrackOrderPage, SECRET, storefrontPerFile } from '../support';

// The order page links a delivered release pack to its download page (issue 54): each file and the zip
// are there, behind a fresh short-lived delivery token; no link before delivery or without a pack.
const ctx = storefrontPerFile();

/** A one-track order in `status`, with or without a pack; answers its id and page as the link's holder sees it. */
const pageOf = (status: OrderStatus, withPack: boolean) =>
  oneTrackOrderPage(
    ctx,
    status,
    withPack
      ? {
          totalCents: 54900,
          releasePackCents: 5000,
          releasePack: JSON.stringify({ formats: [{ format: 'mp3', unitCents: 5000 }] }),
        }
      : {},
  );

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
