// @vitest-environment jsdom
// Audio Files → Batch Process: the selected files get the chosen status one after another, with
// progress, and every file the server refused is listed with its reason (the rest still change).
import type { AdminAudioFile } from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runBatch } from '../src/api/batch-run';
import { BatchProcessDialog } from '../src/pages/files/batch-process-dialog';

// The API boundary is fetch, not a mocked module: unit files share their workers' modules
// (`isolate: false`), so a vi.mock of '@mastering/ui' missed when another file had loaded the dialog
// first, and both files then failed as "Not changed". The second file is refused by the server.
const calls: { method: string; url: string; body: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ method: String(init?.method), url: String(url), body: JSON.parse(String(init?.body)) });
    if (String(url).includes('/b2/')) return Response.json({ error: 'Upload a master first' }, { status: 409 });
    return Response.json({ file: FILE_ROW });
  });
});
afterEach(() => vi.unstubAllGlobals());

// The file as the server answers a change (the answer is checked against its schema).
const FILE_ROW: AdminAudioFile = {
  id: '0b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e',
  orderId: '1b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e',
  originalName: 'Sunrise.wav',
  fileName: 'x.wav',
  fileSize: 58_320_000,
  mimeType: 'audio/wav',
  masteringStyle: 'Vintage',
  tone: 'BALANCED',
  loudness: 'MEDIUM',
  volumeMatch: 'true',
  processingStatus: 'processing',
  processingNotes: 'Batch of Friday',
  processedAt: null,
  uploadedAt: '2026-11-20T08:00:00.000Z',
  masteredFilePath: null,
  replacedAt: null,
  customerEmail: 'artist@example.co.za',
  orderStatus: 'in_progress',
};
const file = (id: string, originalName: string): AdminAudioFile => ({
  ...FILE_ROW,
  id,
  originalName,
  processingStatus: 'uploaded',
});
const FILES = [file('a1', 'Sunrise.wav'), file('b2', 'Night.wav'), file('c3', 'Skipped.wav')];

describe('runBatch', () => {
  it('runs every item in turn, reports progress after each and goes on past a failure', async () => {
    const progress: string[] = [];
    const outcome = await runBatch(
      [1, 2, 3],
      async (n) => {
        if (n === 2) throw new Error('no');
      },
      (done, total) => progress.push(`${done}/${total}`),
      (e) => (e as Error).message,
    );
    expect(progress).toEqual(['1/3', '2/3', '3/3']);
    expect(outcome).toEqual({ done: 2, failed: [{ item: 2, reason: 'no' }] });
  });
});

describe('Batch Process', () => {
  it('sends the chosen status for the selected files only, and shows what was refused and why', async () => {
    renderWithProviders(<BatchProcessDialog open files={FILES} onClose={() => undefined} />);
    const run = screen.getByTestId('batch-run');
    expect(run).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText(/Sunrise\.wav/));
    fireEvent.click(screen.getByLabelText(/Night\.wav/));
    fireEvent.change(screen.getByLabelText('Processing Notes (optional)'), { target: { value: 'Batch of Friday' } });
    expect(run.textContent).toBe('Process 2 files');
    fireEvent.click(run);
    await waitFor(() =>
      expect(screen.getByTestId('batch-failures').textContent).toBe('Night.wav: Upload a master first'),
    );
    expect(calls).toEqual([
      {
        method: 'PATCH',
        url: '/api/admin/audio-files/a1/processing',
        body: { processingStatus: 'processing', processingNotes: 'Batch of Friday' },
      },
      {
        method: 'PATCH',
        url: '/api/admin/audio-files/b2/processing',
        body: { processingStatus: 'processing', processingNotes: 'Batch of Friday' },
      },
    ]);
    expect(screen.getByRole('status').textContent).toBe('2 of 2 processed: 1 changed, 1 refused');
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });
});
