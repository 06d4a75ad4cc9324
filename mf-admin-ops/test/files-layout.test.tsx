// @vitest-environment jsdom
// Issue 50: with real rows (measured loudness, two download buttons) the Audio Files table at 1280x900 with
// the sidebar open cut its Download column (the table needed about 60rem, its region had 56). Measured in
// Chromium on the real CSS: 959 px of table in an 895 px region before, 850 after. jsdom lays nothing out,
// so this checks the classes that make it fit: the table's region is a size container, and below its full
// width the long lines of the name, mastering and measured cells break in two.
import { DEFAULT_PAGE_SIZE, type AdminAudioFile } from '@mastering/contracts';
import { renderWithProviders, screen, within } from '@mastering/ui/testing';
import { describe, expect, it } from 'vitest';
import { audioFileKeys } from '../src/api/audio-files';
import FilesPage from '../src/pages/files/files';

const file: AdminAudioFile = {
  id: '0b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e',
  orderId: '1b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e',
  originalName: 'Thandiswa - Midnight in Soweto (final mix).wav',
  fileName: 'x.wav',
  fileSize: 58_320_000,
  mimeType: 'audio/wav',
  masteringStyle: 'Vintage',
  tone: 'BALANCED',
  loudness: 'MEDIUM',
  volumeMatch: 'true',
  processingStatus: 'completed',
  processingNotes: null,
  processedAt: '2026-11-21T08:00:00.000Z',
  uploadedAt: '2026-11-20T08:00:00.000Z',
  masteredFilePath: '/objects/abc',
  replacedAt: null,
  customerEmail: 'thandiswa.mahlangu.music@example.co.za',
  orderStatus: 'revision_requested',
  analysis: {
    status: 'ok',
    errorReason: null,
    lufs: -14.23,
    truePeakDbtp: -10.84,
    durationSeconds: 245,
    masterLufs: -9.12,
    masterTruePeakTooHigh: true,
  },
  latestRevision: { round: 2 } as AdminAudioFile['latestRevision'],
};
const filters = { status: 'all', style: 'all', sort: 'newest', page: 1, pageSize: DEFAULT_PAGE_SIZE } as const;

function render() {
  return renderWithProviders(<FilesPage />, {
    route: '/admin/files',
    queryData: [
      [
        audioFileKeys.page(filters),
        {
          items: [file],
          total: 1,
          page: 1,
          pageSize: DEFAULT_PAGE_SIZE,
          counts: { total: 1, uploaded: 0, processing: 0, completed: 1, error: 0, totalBytes: 58_320_000 },
        },
      ],
    ],
  });
}

describe('the Audio Files table fits a laptop with the sidebar open', () => {
  it('lays its cells out by the room of its own region (a size container), not the window', async () => {
    render();
    const table = await screen.findByTestId('files-table');
    expect(table.className).toContain('@container');
  });

  it('breaks the long lines in two below the full width, joined by " · " where there is room', async () => {
    render();
    const row = await screen.findByTestId('file-row');
    const breaks = [...row.querySelectorAll('[data-testid="narrow-break"]')];
    // Size / upload date, loudness / volume match, LUFS / true peak.
    expect(breaks.map((b) => b.textContent)).toEqual([
      expect.stringMatching(/^ · Nov 20, 2026/),
      ' · Volume match Yes',
      ' · -10.8 dBTP',
    ]);
    for (const b of breaks) {
      expect(b.className.split(' ')).toEqual(expect.arrayContaining(['block', '@5xl:inline']));
      expect(b.firstElementChild!.className.split(' ')).toEqual(expect.arrayContaining(['hidden', '@5xl:inline']));
    }
  });

  it('keeps both download buttons and the revision badge in sight (only the name gives way)', async () => {
    render();
    const row = await screen.findByTestId('file-row');
    expect(within(row).getByTestId('download-original')).toBeTruthy();
    expect(within(row).getByTestId('download-master')).toBeTruthy();
    const badge = within(row).getByTestId('file-revision-badge');
    expect(badge.textContent).toBe('Revision 2');
    expect(badge.closest('.truncate')).toBeNull();
    expect(within(row).getByTitle(file.originalName).className).toContain('truncate');
  });
});
