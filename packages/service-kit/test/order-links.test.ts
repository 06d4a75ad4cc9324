import { describe, expect, it } from 'vitest';
import {
  createDownloadLinks,
  createKeyring,
  createOrderLinks,
  grantsOrder,
  ORDER_LINK_DAYS,
  orderPageUrl,
} from '../src';

const SECRET = 'o'.repeat(64);
const ORDER = '2f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const OTHER = '9a8b7c6d-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const tokenOf = (url: string) => new URL(url, 'https://studio.example').searchParams.get('t')!;

describe('order-page links', () => {
  const links = createOrderLinks(SECRET);
  const now = new Date('2026-11-24T10:00:00Z');

  it('opens exactly the order it names, for a year', () => {
    const url = orderPageUrl(links, 'https://studio.example', ORDER, now);
    expect(url).toMatch(new RegExp(`^https://studio\\.example/orders/${ORDER}\\?t=[\\w-]+$`));
    const token = tokenOf(url);
    expect(grantsOrder(links, token, ORDER, now)).toBe(true);
    expect(grantsOrder(links, token, OTHER, now)).toBe(false);
    const dayBeforeEnd = new Date(now.getTime() + (ORDER_LINK_DAYS - 1) * 86_400_000);
    expect(grantsOrder(links, token, ORDER, dayBeforeEnd)).toBe(true);
    const after = new Date(now.getTime() + (ORDER_LINK_DAYS + 1) * 86_400_000);
    expect(grantsOrder(links, token, ORDER, after)).toBe(false);
  });

  it('cannot be guessed, forged, or made from a download link or another secret', () => {
    const token = tokenOf(orderPageUrl(links, '', ORDER, now));
    // One character changed in the signature.
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(grantsOrder(links, flipped, ORDER, now)).toBe(false);
    // The same claims under the download purpose (same secret) do not open the page.
    const download = createDownloadLinks(SECRET).sign({ order: ORDER }, new Date(now.getTime() + 86_400_000));
    expect(grantsOrder(links, download, ORDER, now)).toBe(false);
    expect(grantsOrder(createOrderLinks('x'.repeat(64)), token, ORDER, now)).toBe(false);
    expect(grantsOrder(links, '', ORDER, now)).toBe(false);
  });

  it('is re-sendable: every mail mints a new token and the old ones keep working, across a key rotation', () => {
    const first = tokenOf(orderPageUrl(links, '', ORDER, now));
    const later = tokenOf(orderPageUrl(links, '', ORDER, new Date(now.getTime() + 60_000)));
    expect(later).not.toBe(first);
    const rotated = createOrderLinks(createKeyring('n'.repeat(64), [SECRET]));
    expect(grantsOrder(rotated, first, ORDER, now)).toBe(true);
    expect(grantsOrder(rotated, later, ORDER, now)).toBe(true);
  });

  it('stops opening the order once staff revoke its links (a new generation), and earlier tokens count as generation 0', () => {
    const first = tokenOf(orderPageUrl(links, '', ORDER, now));
    expect(grantsOrder(links, first, ORDER, now, 0)).toBe(true);
    expect(grantsOrder(links, first, ORDER, now, 1)).toBe(false);
    const renewed = tokenOf(orderPageUrl(links, '', ORDER, now, 1));
    expect(grantsOrder(links, renewed, ORDER, now, 1)).toBe(true);
    expect(grantsOrder(links, renewed, ORDER, now, 0)).toBe(false);
    // A token minted before generations existed carries none: it is generation 0.
    const legacy = links.sign({ order: ORDER } as never, new Date(now.getTime() + 86_400_000));
    expect(grantsOrder(links, legacy, ORDER, now, 0)).toBe(true);
    expect(grantsOrder(links, legacy, ORDER, now, 1)).toBe(false);
  });
});
