// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@mastering/ui/testing';
import { ANALYSIS_ERRORS, type AudioFileAnalysis, type FileAnalysis } from '@mastering/contracts';
import { AnalysisPanel } from '../src/components/audio-analysis';

const FILE_ID = '0b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e';
const measured = (role: 'original' | 'master', over: Partial<FileAnalysis> = {}): FileAnalysis => ({
  fileId: FILE_ID,
  role,
  status: 'ok',
  errorReason: null,
  analyserVersion: 'test',
  integratedLufs: -18.3,
  loudnessRangeLu: 7.4,
  samplePeakDbfs: -3.9,
  truePeakDbtp: -3.2,
  durationSeconds: 214.3,
  sampleRate: 48_000,
  bitDepth: 24,
  channels: 2,
  codec: 'pcm_s24le',
  waveform: Array.from({ length: 300 }, (_, i) => i / 300),
  analysedAt: '2026-11-23T10:00:00.000Z',
  ...over,
});

let host: HTMLElement;
function render(analysis: AudioFileAnalysis) {
  ({ container: host } = renderWithProviders(<AnalysisPanel analysis={analysis} />));
}
const text = (testId: string) => host.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;

describe('AnalysisPanel', () => {
  it('shows original and master side by side with the gain change, and flags a master above -1 dBTP', () => {
    render({
      fileId: FILE_ID,
      original: measured('original'),
      master: measured('master', { integratedLufs: -8.9, truePeakDbtp: -0.4 }),
      gainChangeDb: 9.4,
      masterTruePeakTooHigh: true,
    });
    expect(text('analysis-original-lufs')).toBe('-18.3 LUFS');
    expect(text('analysis-master-lufs')).toBe('-8.9 LUFS');
    expect(text('analysis-master-true-peak')).toBe('-0.4 dBTP');
    expect(text('analysis-original-duration')).toBe('3:34');
    expect(text('analysis-original-format')).toBe('PCM 24-bit · 48 kHz · stereo');
    expect(text('analysis-gain-change')).toContain('+9.4 dB');
    expect(text('analysis-true-peak-flag')).toContain('True peak above -1.0 dBTP');
    expect(text('analysis-plain-words')).toContain('plays 5.1 dB quieter on Spotify');
    const waveforms = host.querySelectorAll('svg[role="img"]');
    expect([...waveforms].map((svg) => svg.getAttribute('aria-label'))).toEqual([
      'Waveform of the original',
      'Waveform of the master',
    ]);
    expect(waveforms[0]!.querySelectorAll('rect')).toHaveLength(300);
  });

  it("marks the customer's pinned revision note on both waveforms, where the customer pinned it", () => {
    ({ container: host } = renderWithProviders(
      <AnalysisPanel
        analysis={{
          fileId: FILE_ID,
          original: measured('original'),
          master: measured('master'),
          gainChangeDb: 0,
          masterTruePeakTooHigh: false,
        }}
        markers={[{ seconds: 107.15, label: 'Round 1: the snare is lost' }]}
      />,
    ));
    const marks = [...host.querySelectorAll('[data-testid="waveform-marker"]')];
    expect(marks.map((m) => m.textContent)).toEqual([
      '1:47: Round 1: the snare is lost',
      '1:47: Round 1: the snare is lost',
    ]);
    // Half-way through the 214.3-second track: at the 150th of 300 peaks.
    expect(marks[0]!.querySelector('line')!.getAttribute('x1')).toBe('150');
    expect(host.querySelector('svg[role="img"]')!.getAttribute('aria-label')).toBe(
      'Waveform of the original, notes at 1:47',
    );
  });

  it('does not flag a master at or below -1 dBTP', () => {
    render({
      fileId: FILE_ID,
      original: measured('original'),
      master: measured('master', { truePeakDbtp: -1 }),
      gainChangeDb: 0,
      masterTruePeakTooHigh: false,
    });
    expect(text('analysis-true-peak-flag')).toBeNull();
  });

  it('shows why an original cannot be used, and what is still to come', () => {
    render({
      fileId: FILE_ID,
      original: measured('original', { status: 'error', errorReason: ANALYSIS_ERRORS.silent, waveform: [] }),
      master: null,
      gainChangeDb: null,
      masterTruePeakTooHigh: false,
    });
    expect(text('analysis-original-error')).toBe(ANALYSIS_ERRORS.silent);
    expect(text('analysis-original')).toContain('Needs replacing');
    expect(text('analysis-master')).toContain('No master yet');
    expect(text('analysis-gain-change')).toBeNull();
  });
});
