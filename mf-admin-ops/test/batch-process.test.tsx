// @vitest-environment jsdom
// Audio Files → Batch Process: the selected files get the chosen status one after another, with
// progress, and every file the server refused is listed with its reason (the rest still change).
import type { AdminAudioFile } from '@mastering/contracts';
import { ApiError } from '@mastering/ui';
import { fireEvent, renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { describe, expect, it, vi } from 'vitest';
import { runBatch } from '../src/api/batch-run';

const calls: { method: string; url: string; body: unknown }[] = [];
vi.mock('@mastering/ui', async (original) => ({
  ...(await original<typeof import('@mastering/ui')>()),
  // The API boundary: the second file is refused by the server.
  apiJson: async (method: string, url: string, body: unknown) => {
    calls.push({ method, url, body });
    if (url.includes('/b2/')) throw new ApiError(409, 'Conflict', JSON.stringify({ error: 'Upload a master first' }));
    return { file: {} };
  },
}));
const { BatchProcessDialog } = await import('../src/pages/files/batch-process-dialog');

const file = (id: string, originalName: string) =>
  ({ id, originalName, processingStatus: 'uploaded' }) as unknown as AdminAudioFile;
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
