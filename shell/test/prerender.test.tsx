// @vitest-environment jsdom
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { DEFAULT_PRICING, priceLine, siteConfigFor } from '@mastering/contracts';
import { createQueryClient } from '@mastering/ui/core';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteApp } from '../src/app';
import { pageReads } from '../src/page-routes';
import { pageHtml, PRERENDERED_PATHS, remotePagesFromSources } from '../src/prerender';
import { RemotePagesSource } from '../src/remotes/remote-page';

/**
 * The prerendered markup of every prerendered page, made in a process of its own as the build makes
 * it: React's server renderer leaves the last page's context values (the router's location) set in
 * the process that ran it, and a client render there would see them.
 */
function prerenderedMarkup(): Record<string, string> {
  const root = path.join(import.meta.dirname, '..', '..');
  const script = `import { PRERENDERED_PATHS, renderPage } from './shell/src/prerender.tsx';
    const pages = {};
    for (const pathname of PRERENDERED_PATHS) pages[pathname] = await renderPage(pathname);
    process.stdout.write(JSON.stringify(pages));`;
  const args = ['--import', 'tsx', '--import', './scripts/lib/asset-stubs.ts', '--input-type=module', '-e', script];
  return JSON.parse(execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }));
}

let markup: Record<string, string> = {};
beforeAll(() => {
  markup = prerenderedMarkup();
});

beforeEach(() => {
  // jsdom plays no audio; the examples' player pauses its element when it goes.
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  // jsdom has no media queries; the theme provider asks whether the system prefers dark.
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});

let hydrated: Root | undefined;
afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the prerendered public pages', () => {
  it('are the home page and the upload page', () => {
    expect(PRERENDERED_PATHS).toEqual(['/', '/upload']);
  });

  it("carry the home page's hero, its start button and the sections below it", async () => {
    const root = document.createElement('div');
    root.innerHTML = markup['/']!;
    expect(root.querySelector('h1')?.textContent).toBe('Radio-ready masters in 48 hours');
    expect(root.querySelector('[data-testid="hero-start"]')).not.toBeNull();
    expect(root.querySelector('#how-it-works')).not.toBeNull();
    // Server data is never baked in: the price line keeps its place, empty, until the price arrives.
    expect(root.querySelector('[data-testid="price-line"]')).toBeNull();
  });

  it("puts a page's markup, tab title and stylesheets into the shell's index.html", () => {
    const template =
      '<html><head><title>Site</title><script>theme()</script></head><body><div id="root"></div></body></html>';
    const html = pageHtml(template, '/upload', '<p>costs $&amp; more</p>', [
      { file: '1.abc.css', href: '/1.abc.css' },
      { file: '2.def.css', href: '/mf/mf-storefront/2.def.css' },
    ]);
    expect(html).toBe(
      '<html><head><title>Upload Your Track | Online audio mastering</title><script>theme()</script>' +
        '<link rel="stylesheet" href="/1.abc.css" data-href="1.abc.css" />' +
        '<link rel="stylesheet" href="/mf/mf-storefront/2.def.css" data-href="2.def.css" /></head>' +
        '<body><div id="root"><p>costs $&amp; more</p></div></body></html>',
    );
    expect(() => pageHtml('<div id="root">x</div>', '/', '<p></p>', [])).toThrow(/no empty/);
  });

  // Answers to the pages' reads (prefetched at start-up, they are often in the cache before a part hydrates).
  const answers: Record<string, unknown> = {
    '/api/config': siteConfigFor(DEFAULT_PRICING),
    '/api/config/claims': { claims: [{ key: 'tracks', label: 'tracks mastered', figure: '120+' }] },
    '/api/showcase-tracks': [],
    '/api/testimonials': [],
  };

  it.each(PRERENDERED_PATHS)('%s hydrates without a mismatch, with its data already in the cache', async (pathname) => {
    window.history.replaceState(null, '', pathname);
    const root = document.createElement('div');
    root.innerHTML = markup[pathname]!;
    document.body.append(root);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    // Nothing else answers: what is compared below is the page as hydration leaves it.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => undefined));
    const client = createQueryClient();
    const reads = pageReads(pathname);
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) client.setQueryData([read], answers[read]);
    const problems: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => problems.push(args));
    const app = (
      <RemotePagesSource.Provider value={remotePagesFromSources}>
        <SiteApp client={client} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />
      </RemotePagesSource.Provider>
    );
    await act(async () => {
      hydrated = hydrateRoot(root, app, { onRecoverableError: (error) => problems.push(error) });
    });
    // Every element is taken over once the page's code (lazy, as the remote's is in the browser) has
    // arrived: React marks each element it hydrated.
    const notHydrated = () =>
      [...root.querySelectorAll('*')]
        .filter((element) => !Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
        .map((element) => element.outerHTML.slice(0, 80));
    for (let wait = 0; wait < 100 && notHydrated().length > 0; wait++) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    }
    expect(problems).toEqual([]);
    expect(notHydrated()).toEqual([]);
    // And then the page shows its data: the price, where the prerender kept its place.
    expect(root.textContent).toContain(priceLine(siteConfigFor(DEFAULT_PRICING)));
  });
});
