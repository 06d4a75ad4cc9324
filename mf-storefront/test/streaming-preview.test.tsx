// @vitest-environment jsdom
import { platformPlayback, STREAMING_PREVIEW_TEXTS, type MasterVersionView } from '@mastering/contracts';
import { renderWithProviders, screen } from '@mastering/ui/testing';
import { describe, expect, it } from 'vitest';
import { StreamingPreview } from '../src/pages/order/streaming-preview';

// The order page's streaming preview (issue 54 item 3): each platform's gain for the master, and its
// peaks after MP3 and AAC encoding, flagged when encoding makes overs.
const master = (preview: MasterVersionView['streamingPreview']): MasterVersionView => ({
  version: 1,
  createdAt: '2026-12-01T10:00:00.000Z',
  loudness: null,
  streamingPreview: preview,
  url: '/api/downloads/file/x',
});

describe('StreamingPreview', () => {
  it("shows each platform's gain for a -8 LUFS master and flags the overs MP3 encoding makes", () => {
    renderWithProviders(
      <StreamingPreview
        master={master({
          integratedLufs: -8,
          truePeakDbtp: -0.2,
          platforms: platformPlayback(-8, -0.2),
          codecs: [
            { codec: 'mp3', label: 'MP3 320 kbps', truePeakDbtp: 0.6, overs: 1204 },
            { codec: 'aac', label: 'AAC 256 kbps', truePeakDbtp: -0.4, overs: 0 },
          ],
          oversAfterEncoding: true,
        })}
      />,
    );
    const gains = screen
      .getAllByTestId('streaming-platform')
      .map((row) => [row.dataset.platform, row.querySelector('[data-testid="streaming-gain"]')!.textContent]);
    expect(gains).toEqual([
      ['Spotify', '-6.0 dB'],
      ['Apple Music', '-8.0 dB'],
      ['YouTube', '-6.0 dB'],
      ['Tidal', '-6.0 dB'],
      ['Amazon Music', '-6.0 dB'],
      ['Deezer', '-7.0 dB'],
    ]);
    expect(screen.getAllByTestId('streaming-codec').map((c) => c.textContent)).toEqual([
      'MP3 320 kbps0.6 dBTP1,204 overs',
      'AAC 256 kbps-0.4 dBTPno overs',
    ]);
    expect(screen.getByTestId('streaming-overs-flag').textContent).toBe(STREAMING_PREVIEW_TEXTS.oversFlag);
  });

  it('shows nothing until the master is measured', () => {
    const { container } = renderWithProviders(<StreamingPreview master={master(null)} />);
    expect(container.textContent).toBe('');
  });
});
