// @vitest-environment jsdom
// The analytics screen reuses an answer for 5 minutes in the page, but never takes the browser's cached copy:
// a page load or Refresh after a new rating or delivery must show it.
import { renderWithProviders, waitFor } from '@mastering/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAnalytics } from '../../src/api/analytics';

afterEach(() => vi.unstubAllGlobals());

function Probe() {
  useAnalytics(30);
  return null;
}

describe('useAnalytics', () => {
  it('asks the server again instead of the browser cache', async () => {
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<Probe />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls[0]).toEqual([
      '/api/admin/analytics?days=30',
      expect.objectContaining({ method: 'GET', cache: 'no-cache' }),
    ]);
  });
});
