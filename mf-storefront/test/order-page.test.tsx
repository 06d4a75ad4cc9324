// @vitest-environment jsdom
import { REVISION_ALREADY_REQUESTED, type CustomerOrderView } from '@mastering/contracts';
import { cleanup, fireEvent, renderWithProviders, screen } from '@mastering/ui/testing';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import OrderPage from '../src/pages/order/order';

const ID = '4b0c2a1e-7d3f-4c1a-9e2b-5f6a7b8c9d0e';
const FILE = '5c1d3b2f-7d3f-4c1a-9e2b-5f6a7b8c9d0e';
const loudness = (lufs: number) => ({ integratedLufs: lufs, truePeakDbtp: -1, durationSeconds: 200, waveform: [] });
const view = (over: Partial<CustomerOrderView> = {}): CustomerOrderView => ({
  id: ID,
  status: 'delivered',
  createdAt: '2026-11-20T08:00:00.000Z',
  total: 499,
  trackCount: 1,
  timeline: [
    { step: 'placed', at: '2026-11-20T08:00:00.000Z' },
    { step: 'paid', at: '2026-11-20T08:01:00.000Z' },
    { step: 'in_progress', at: '2026-11-20T10:00:00.000Z' },
    { step: 'delivered', at: '2026-11-21T10:00:00.000Z' },
  ],
  dueAt: null,
  round: 0,
  revisions: { free: 2, windowDays: 14, windowEndsAt: '2026-12-05T10:00:00.000Z', closedReason: null },
  tracks: [
    {
      id: FILE,
      originalName: 'Sunset.wav',
      masteringStyle: 'Modern',
      tone: 'WARM',
      loudness: 'HIGH',
      volumeMatch: 'false',
      original: loudness(-20),
      needsReplacing: null,
      originalUrl: '/api/downloads/file/original',
      masters: [
        { version: 1, createdAt: '2026-11-21T09:00:00.000Z', loudness: loudness(-9), url: '/api/downloads/file/v1' },
      ],
      revisions: [],
      audioDeleted: false,
    },
  ],
  refunds: [],
  invoiceUrl: null,
  rating: null,
  retentionDays: 90,
  ...over,
});

let host: HTMLElement;
/** The server: the page's read answers `page`, a revision request `revision` (else 500). */
let server: { page?: Response; revision?: Response };
const calls: { url: string; init?: RequestInit }[] = [];
const $ = (testId: string) => host.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function render(url: string) {
  host = renderWithProviders(
    <Routes>
      <Route path="/orders/:id" element={<OrderPage />} />
    </Routes>,
    { route: url },
  ).container;
}

beforeEach(() => {
  server = {};
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const answer = url.endsWith('/revisions') ? server.revision : url.includes('/view?') ? server.page : undefined;
    return answer?.clone() ?? json(500, { error: 'no answer' });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the order page (rendered)', () => {
  it('reads the order with the link’s token and shows its number, progress, player and downloads', async () => {
    server.page = json(200, view());
    render(`/orders/${ID}?t=token-from-the-mail`);
    await screen.findByTestId('order-status');
    expect(calls[0]!.url).toBe(`/api/orders/${ID}/view?t=token-from-the-mail`);
    expect(host.querySelector('h1')!.textContent).toBe('Order #4b0c2a1e');
    expect($('order-status')!.textContent).toBe('Delivered');
    expect($('ab-player')).not.toBeNull();
    expect($('ab-original')!.getAttribute('aria-pressed')).toBe('false');
    expect($('download-v1')!.getAttribute('href')).toBe('/api/downloads/file/v1');
    expect($('revisions-left')!.textContent).toContain('2 free revisions left');
    expect($('order-due')).toBeNull();
  });

  it('shows the due time while paid and undelivered', async () => {
    server.page = json(200, view({ status: 'in_progress', dueAt: '2026-11-22T08:01:00.000Z', tracks: [] }));
    render(`/orders/${ID}?t=token`);
    await screen.findByTestId('order-due');
    expect($('order-due')!.textContent).toMatch(/^Due by 22 November 2026 at 10:01/);
  });

  it('sends a revision request and shows the server’s refusal as it words it', async () => {
    server = { page: json(200, view()), revision: json(409, { error: REVISION_ALREADY_REQUESTED }) };
    render(`/orders/${ID}?t=token`);
    const note = await screen.findByLabelText('What should change?');
    fireEvent.change(note, { target: { value: 'The kick is too loud' } });
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send revision request' });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await screen.findByTestId('revision-error');
    const sent = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(sent.init!.body))).toEqual({
      fileId: FILE,
      note: 'The kick is too loud',
      atSeconds: null,
      t: 'token',
    });
    expect($('revision-error')!.textContent).toBe(REVISION_ALREADY_REQUESTED);
  });

  it('draws the waveform as the progress bar, marks pinned notes on it, and pins a click to its time', async () => {
    const base = view();
    const track = {
      ...base.tracks[0]!,
      original: { ...loudness(-20), waveform: [0.2, 0.8, 0.5, 0.1] },
      revisions: [
        { id: FILE, round: 1, note: 'Hi-hats harsh', atSeconds: 50, createdAt: '2026-11-22T10:00:00.000Z' },
        { id: ID, round: 1, note: 'Overall warmer', atSeconds: null, createdAt: '2026-11-22T10:00:00.000Z' },
      ],
    };
    server.page = json(200, view({ round: 1, tracks: [track] }));
    render(`/orders/${ID}?t=token`);
    const bar = await screen.findByTestId('ab-progress');
    // The master has no measured waveform: the original's is drawn, one bar per peak.
    expect(bar.querySelectorAll('rect')).toHaveLength(4);
    const marks = () => [...bar.querySelectorAll('[data-testid="waveform-marker"]')].map((m) => m.textContent);
    expect(marks()).toEqual(['0:50: Round 1: Hi-hats harsh']);
    // A click three quarters along the 200-second track pins 2:30, marked beside the earlier note.
    bar.getBoundingClientRect = () => ({ left: 0, width: 400, top: 0, height: 56 }) as DOMRect;
    fireEvent.click(bar, { clientX: 300 });
    expect($('revision-pinned')!.textContent).toContain('2:30');
    expect(marks()).toEqual(['0:50: Round 1: Hi-hats harsh', '2:30: Your new note']);
  });

  it('says a link does not work, and where to get a new one', async () => {
    server.page = json(403, { error: 'This order link is not valid or has expired.' });
    render(`/orders/${ID}?t=forged`);
    await screen.findByTestId('order-link-invalid');
    expect(host.querySelector('h1')!.textContent).toBe('This order link does not work');
    expect($('order-link-invalid')!.querySelector('a')!.getAttribute('href')).toBe('/track-order');
  });

  it('says when the files are deleted, and once purged says so instead of offering a dead download', async () => {
    server.page = json(200, view({ retentionDays: 60 }));
    render(`/orders/${ID}?t=token`);
    expect((await screen.findByTestId('retention-notice')).textContent).toBe(
      'Files are deleted 60 days after delivery.',
    );
    expect($('audio-deleted')).toBeNull();
    cleanup();

    const [track] = view().tracks;
    server.page = json(
      200,
      view({ retentionDays: 60, tracks: [{ ...track!, masters: [], originalUrl: null, audioDeleted: true }] }),
    );
    render(`/orders/${ID}?t=token`);
    expect((await screen.findByTestId('audio-deleted')).textContent).toBe('Audio deleted after 60 days.');
    expect(host.querySelector('a[download]')).toBeNull();
    expect($('ab-player')).toBeNull();
  });
});
