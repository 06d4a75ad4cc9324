// @vitest-environment jsdom
// Issue 50: the panels that load beside a screen (an order's refunds and refund requests, the deletion
// requests) never vanish when their load fails: they say what failed and offer Retry, which asks again.
import type { OrderRefunds } from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen, waitFor, within } from '@mastering/ui/testing';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioFileAnalysisPanel } from '../src/components/audio-analysis/analysis-panel';
import { RefundSection } from '../src/components/refund-section';
import { DeletionRequestsCard } from '../src/pages/customers/deletion-requests-card';
import { RefundRequests } from '../src/pages/orders/refund-requests';
import { LegalSettings } from '../src/pages/settings/legal-settings';
import SettingsPage from '../src/pages/settings/settings';

const ORDER_ID = '0b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refunds: OrderRefunds = { paid: 649, refunded: 0, pending: 0, refundable: 649, refunds: [] };

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** Renders `panel` with its first load failing (500) and the next answering `then`; answers the error. */
async function failingFirst(panel: ReactElement, panelTestId: string, then: unknown) {
  fetchMock.mockResolvedValueOnce(json({ error: 'Database unavailable' }, 500)).mockResolvedValue(json(then));
  renderWithProviders(panel);
  const shown = await screen.findByTestId(panelTestId);
  const error = await within(shown).findByTestId('load-error');
  expect(error.textContent).toContain('Database unavailable');
  return { shown, error };
}

describe('panels that fail to load show the error with Retry', () => {
  it("the order's refunds: the error and Retry instead of no panel, and Retry brings back Refund", async () => {
    const { shown, error } = await failingFirst(<RefundSection orderId={ORDER_ID} />, 'order-refunds', refunds);
    expect(error.textContent).toContain("Could not load this order's refunds.");
    expect(within(shown).queryByTestId('order-refund')).toBeNull();
    fireEvent.click(within(error).getByTestId('load-error-retry'));
    expect(await screen.findByTestId('order-refund')).toBeTruthy();
    expect(screen.queryByTestId('load-error')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("the order's refund requests", async () => {
    const { error } = await failingFirst(<RefundRequests orderId={ORDER_ID} />, 'order-refund-requests', []);
    expect(error.textContent).toContain("Could not load this order's refund requests.");
    fireEvent.click(within(error).getByTestId('load-error-retry'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(String(fetchMock.mock.calls[1]![0])).toContain(`/api/admin/refund-requests?orderId=${ORDER_ID}`);
  });

  it('the deletion requests', async () => {
    const { error } = await failingFirst(<DeletionRequestsCard />, 'deletion-requests', []);
    expect(error.textContent).toContain('Could not load the deletion requests.');
    fireEvent.click(within(error).getByTestId('load-error-retry'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(String(fetchMock.mock.calls[1]![0])).toContain('/api/admin/deletion-requests');
  });
});

describe('panels that waited for ever, or failed without Retry, on a failed load', () => {
  it('the settings: the error and Retry, not a skeleton for ever', async () => {
    fetchMock.mockResolvedValue(json({ error: 'Database unavailable' }, 500));
    renderWithProviders(<SettingsPage />);
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('Could not load the settings.');
    fireEvent.click(within(error).getByTestId('load-error-retry'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });

  it('a legal document in Settings → Legal', async () => {
    fetchMock.mockResolvedValue(json({ error: 'Database unavailable' }, 500));
    renderWithProviders(<LegalSettings />);
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('Could not load the Terms of Service.');
    const calls = fetchMock.mock.calls.length;
    fireEvent.click(within(error).getByTestId('load-error-retry'));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThan(calls));
  });

  it("an audio file's analysis", async () => {
    fetchMock.mockResolvedValue(json({ error: 'Analysis unavailable' }, 500));
    renderWithProviders(<AudioFileAnalysisPanel fileId={ORDER_ID} />);
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('Could not load the audio analysis.');
    expect(error.textContent).toContain('Analysis unavailable');
    fireEvent.click(within(error).getByTestId('load-error-retry'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
