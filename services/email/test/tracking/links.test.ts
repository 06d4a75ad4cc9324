import { describe, expect, it } from 'vitest';
import { createLinkSigner, personalise } from '../../src/tracking/links';
import { createThrottle } from '../../src/campaigns/worker';

const links = createLinkSigner('s'.repeat(40), 'https://site.example');

describe('signed mail links', () => {
  it('round-trips its claims and refuses a changed token or one signed with another secret', () => {
    const url = links.clickUrl('r1', 'https://example.com/a?b=1&c=2');
    const token = url.split('/e/c/')[1]!;
    expect(links.verify(token)).toEqual({ k: 'c', r: 'r1', u: 'https://example.com/a?b=1&c=2' });
    expect(links.verify(`${token}x`)).toBeNull();
    expect(links.verify(token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')))).toBeNull();
    expect(createLinkSigner('t'.repeat(40), 'https://site.example').verify(token)).toBeNull();
    expect(links.verify('not-a-token')).toBeNull();
  });
});

describe('personalise', () => {
  const unsubscribeUrl = links.unsubscribeUrl('A@Example.com');

  it('sends http(s) links through the click redirect, leaves the unsubscribe link and mailto alone, adds the pixel', () => {
    const html = `<html><body><a href="https://example.com/x?a=1&amp;b=2">x</a><a href="mailto:hi@example.com">m</a><a href="${unsubscribeUrl}">u</a></body></html>`;
    const out = personalise(
      { html, text: `Unsubscribe: ${unsubscribeUrl}` },
      {
        unsubscribeUrl,
        openUrl: 'https://site.example/e/o/t',
        click: (url) => `https://site.example/e/c/${encodeURIComponent(url)}`,
      },
    );
    expect(out.html).toContain(
      `href="https://site.example/e/c/${encodeURIComponent('https://example.com/x?a=1&b=2')}"`,
    );
    expect(out.html).toContain('href="mailto:hi@example.com"');
    expect(out.html).toContain(`href="${unsubscribeUrl}"`);
    expect(out.html).toContain('<img src="https://site.example/e/o/t"');
    expect(out.html.match(/Unsubscribe|>u</g)).toHaveLength(1);
    expect(out.text).toBe(`Unsubscribe: ${unsubscribeUrl}`);
  });

  it('adds the unsubscribe link when an edited template lost it', () => {
    const out = personalise({ html: '<p>Hi</p>', text: 'Hi' }, { unsubscribeUrl });
    expect(out.html).toContain(`<a href="${unsubscribeUrl}">Unsubscribe</a>`);
    expect(out.text).toBe(`Hi\n\nUnsubscribe: ${unsubscribeUrl}`);
  });
});

describe('createThrottle', () => {
  it('spaces calls 1000/rate ms apart and does nothing at rate 0', async () => {
    const off = createThrottle(0);
    const t0 = Date.now();
    for (let i = 0; i < 100; i += 1) await off();
    expect(Date.now() - t0).toBeLessThan(50);
    const paced = createThrottle(50); // 20 ms apart: 6 calls take at least 100 ms
    const t1 = Date.now();
    for (let i = 0; i < 6; i += 1) await paced();
    expect(Date.now() - t1).toBeGreaterThanOrEqual(95);
  });
});
