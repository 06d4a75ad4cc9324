// @vitest-environment jsdom
import {
  DEFAULT_PRICING,
  filesTooLarge,
  NO_VALID_AUDIO,
  REPLACE_TEXTS,
  replacementClosed,
  siteConfigFor,
  type CustomerOrderView,
  type OrderTrackView,
} from '@mastering/contracts';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadProgress } from '../src/api/uploads';
import { freshModules } from './fresh-modules';

// The order page's Replace file (issue 25): a flagged track's new file goes through the upload page's own
// upload module (mocked here at its boundary, so the test drives progress and outcome), then the track is
// pointed at it by POST /api/orders/:id/replacements.
const uploads: { file: File; progress: UploadProgress; resolve: (path: string) => void }[] = [];
vi.mock('../src/api/uploads', () => ({
  uploadTrack: (file: File, progress: UploadProgress) => {
    const entry = { file, progress, resolve: (_: string) => {} };
    const done = new Promise<string>((resolve) => Object.assign(entry, { resolve }));
    uploads.push(entry);
    return { done, abort: () => {} };
  },
}));
const [{ default: OrderPage }, { act, renderWithProviders, screen, waitFor }, { replacementPollMs }] =
  await freshModules(() =>
    Promise.all([import('../src/pages/order/order'), import('@mastering/ui/testing'), import('../src/api/order-page')]),
  );

const ID = '4b0c2a1e-7d3f-4c1a-9e2b-5f6a7b8c9d0e';
const FILE = '5c1d3b2f-7d3f-4c1a-9e2b-5f6a7b8c9d0e';
const NEW_PATH = '/objects/6d2e4c3a-7d3f-4c1a-9e2b-5f6a7b8c9d0e';
const REASON = 'The file is silent: it contains no audible sound. Please check that you exported the right file.';
const MB = 1024 * 1024;

const track = (over: Partial<OrderTrackView> = {}): OrderTrackView => ({
  id: FILE,
  originalName: 'Sunset.wav',
  masteringStyle: 'Modern',
  tone: 'WARM',
  loudness: 'HIGH',
  volumeMatch: 'false',
  original: null,
  needsReplacing: REASON,
  replaceable: true,
  replacedAt: null,
  originalUrl: null,
  masters: [],
  revisions: [],
  audioDeleted: false,
  ...over,
});
const view = (t: OrderTrackView): CustomerOrderView => ({
  id: ID,
  status: 'in_progress',
  createdAt: '2026-11-20T08:00:00.000Z',
  total: 499,
  trackCount: 1,
  timeline: [
    { step: 'placed', at: '2026-11-20T08:00:00.000Z' },
    { step: 'paid', at: '2026-11-20T08:01:00.000Z' },
    { step: 'in_progress', at: '2026-11-20T10:00:00.000Z' },
    { step: 'delivered', at: null },
  ],
  dueAt: '2026-11-22T08:01:00.000Z',
  round: 0,
  revisions: { free: 2, windowDays: 14, windowEndsAt: null, closedReason: null },
  tracks: [t],
  refunds: [],
  invoiceUrl: null,
  rating: null,
  retentionDays: 90,
});

let host: HTMLElement;
let replaceAnswer: Response;
const calls: { url: string; init?: RequestInit }[] = [];
const $ = (testId: string) => host.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const audio = (name: string, size = 1000, type = 'audio/wav') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
function choose(file: File) {
  const input = host.querySelector<HTMLInputElement>('[data-testid="replace-file-input"]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  act(() => void input.dispatchEvent(new Event('change', { bubbles: true })));
}

beforeEach(async () => {
  uploads.length = 0;
  calls.length = 0;
  replaceAnswer = json(
    200,
    view(track({ needsReplacing: null, replaceable: false, replacedAt: new Date().toISOString() })),
  );
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url.endsWith('/replacements')) return replaceAnswer.clone();
    if (url.includes('/view?')) return json(200, view(track()));
    return json(500, { error: 'no answer' });
  });
  host = renderWithProviders(
    <Routes>
      <Route path="/orders/:id" element={<OrderPage />} />
    </Routes>,
    { route: `/orders/${ID}?t=token-from-the-mail`, queryData: [[['/api/config'], siteConfigFor(DEFAULT_PRICING)]] },
  ).container;
  await screen.findByTestId('replace-file');
});
afterEach(() => vi.unstubAllGlobals());

describe('Replace file on the order page (rendered)', () => {
  it('says why the track needs replacing and offers a labelled file control', () => {
    expect($('track-needs-replacing')!.textContent).toBe(`This upload needs replacing: ${REASON}`);
    expect(screen.getByLabelText(REPLACE_TEXTS.chooseLabel('Sunset.wav'))).toBeTruthy();
    expect(screen.getByText(REPLACE_TEXTS.button)).toBeTruthy();
  });

  it('checks the file like the upload page: not audio, or over the limit, is refused before any upload', () => {
    choose(audio('notes.txt', 10, 'text/plain'));
    expect($('replace-file-error')!.textContent).toBe(NO_VALID_AUDIO);
    const huge = audio('huge.wav', (DEFAULT_PRICING.maxFileSizeMb + 1) * MB);
    choose(huge);
    expect($('replace-file-error')!.textContent).toBe(filesTooLarge(['huge.wav'], DEFAULT_PRICING.maxFileSizeMb));
    expect(uploads).toHaveLength(0);
  });

  it('uploads with a progress bar, points the track at the new file, then says it is being checked', async () => {
    choose(audio('Sunset-fixed.wav'));
    expect(uploads).toHaveLength(1);
    act(() => uploads[0]!.progress(40, 100));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect($('replace-file-progress')!.textContent).toContain(REPLACE_TEXTS.uploading(40));
    await act(async () => uploads[0]!.resolve(NEW_PATH));
    await waitFor(() => expect($('track-replaced')!.textContent).toBe(REPLACE_TEXTS.measuring));
    const sent = calls.find((c) => c.url.endsWith('/replacements'))!;
    expect(sent.url).toBe(`/api/orders/${ID}/replacements`);
    expect(sent.init?.method).toBe('POST');
    expect(JSON.parse(String(sent.init?.body))).toEqual({
      fileId: FILE,
      originalFilePath: NEW_PATH,
      t: 'token-from-the-mail',
    });
    expect($('replace-file')).toBeNull();
    expect($('track-needs-replacing')).toBeNull();
  });

  it('looks again every 2 s for the first minute while the new file is checked, then every 10 s', () => {
    expect([1, 2, 30].map(replacementPollMs)).toEqual([2_000, 2_000, 2_000]);
    expect([31, 100].map(replacementPollMs)).toEqual([10_000, 10_000]);
  });

  it('shows the server’s refusal as it says, and keeps the control', async () => {
    replaceAnswer = json(409, { error: replacementClosed('delivered') });
    choose(audio('Sunset-fixed.wav'));
    await act(async () => uploads[0]!.resolve(NEW_PATH));
    await waitFor(() => expect($('replace-file-error')!.textContent).toBe(replacementClosed('delivered')));
    expect($('replace-file')).not.toBeNull();
    expect($('replace-file-progress')).toBeNull();
  });
});
