// @vitest-environment jsdom
// Issue 26 Deliver 5: the download page says when the files are deleted, and once the retention job
// purged them says so in place of a dead download.
import type { Delivery } from '@mastering/contracts';
import { renderWithProviders, screen } from '@mastering/ui/testing';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DownloadPage from '../src/pages/download/download';

const ORDER = '4b0c2a1e-7d3f-4c1a-9e2b-5f6a7b8c9d0e';
const delivery = (audioDeleted: boolean): Delivery => ({
  orderId: ORDER,
  expiresAt: '2026-12-01T10:00:00.000Z',
  files: [
    {
      id: '5c1d3b2f-7d3f-4c1a-9e2b-5f6a7b8c9d0e',
      name: 'Sunset (master).wav',
      size: 1_000_000,
      url: '/api/downloads/order/tok/files/5c1d',
      loudness: null,
      audioDeleted,
    },
  ],
  archiveUrl: '/api/downloads/order/tok/archive',
  retentionDays: 45,
});

/** The page for a link whose delivery is `answer`. */
function renderWith(answer: Delivery) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
  renderWithProviders(
    <Routes>
      <Route path="/download/:token" element={<DownloadPage />} />
    </Routes>,
    { route: '/download/tok-1234567890' },
  );
}
afterEach(() => vi.unstubAllGlobals());

describe('the download page and retention', () => {
  it('says the files are deleted N days after delivery', async () => {
    renderWith(delivery(false));
    expect((await screen.findByTestId('retention-notice')).textContent).toBe(
      'Files are deleted 45 days after delivery.',
    );
    expect(screen.getByTestId('download-all')).toBeTruthy();
    expect(screen.queryByTestId('audio-deleted')).toBeNull();
  });

  it('says the audio was deleted, with no download, once purged', async () => {
    renderWith(delivery(true));
    expect((await screen.findByTestId('audio-deleted')).textContent).toBe('Audio deleted after 45 days.');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(screen.queryByTestId('download-all')).toBeNull();
  });
});
