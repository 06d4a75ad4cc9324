// @vitest-environment jsdom
// The entry script asks for /mf/remotes.json before React loads and preloads the remote of a public
// page; the federation setup then takes that answer instead of asking again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadPageRemote, takeEarlyRemotes } from '../src/remotes/early-remotes';

const REMOTES = {
  remotes: [
    { name: 'mf_storefront', entry: 'https://cdn.example.com/mf-storefront/remoteEntry.js' },
    { name: 'mf_admin_ops', entry: '/mf/mf-admin-ops/remoteEntry.js' },
  ],
};

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [link.as, link.href]);

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  takeEarlyRemotes();
});

describe('preloadPageRemote', () => {
  it("preloads a public page's remote entry, wherever the list says it is, and hands the list over once", async () => {
    const fetch = answer(200, REMOTES);
    preloadPageRemote('/orders/0b7e5c1a');
    expect(fetch).toHaveBeenCalledWith('/mf/remotes.json', { credentials: 'include', cache: 'no-cache' });
    expect(await takeEarlyRemotes()).toEqual(REMOTES.remotes);
    expect(preloads()).toEqual([['script', 'https://cdn.example.com/mf-storefront/remoteEntry.js']]);
    expect(takeEarlyRemotes()).toBeNull();
  });

  it('fetches no admin code for a guarded page, and none for the 404 page', async () => {
    answer(200, REMOTES);
    preloadPageRemote('/admin/orders');
    expect(await takeEarlyRemotes()).toHaveLength(2);
    preloadPageRemote('/no/such/page');
    await takeEarlyRemotes();
    expect(preloads()).toEqual([]);
  });

  it('hands over nothing when the list could not be read, so the caller asks again itself', async () => {
    answer(503, { error: 'unavailable' });
    preloadPageRemote('/');
    expect(await takeEarlyRemotes()).toBeNull();
    answer(200, { remotes: 'none' });
    preloadPageRemote('/');
    expect(await takeEarlyRemotes()).toBeNull();
    expect(preloads()).toEqual([]);
  });
});
