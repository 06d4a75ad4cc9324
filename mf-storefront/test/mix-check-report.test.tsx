// @vitest-environment jsdom
import { MIX_CHECK_TEXTS, type MixCheck, type MixCheckReport as Report } from '@mastering/contracts';
import { renderWithProviders, screen, within } from '@mastering/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MixCheckReport } from '../src/pages/upload/mix-check-report';

// The mix check under an uploaded track (issue 54): pending while the worker measures, then every
// finding worst first with its severity and advice, or why the file could not be checked.
const UPLOAD = '6d2e4c3a-7d3f-4c1a-9e2b-5f6a7b8c9d0e';
const PATH = `/objects/${UPLOAD}`;
const KEY = [`/api/files/upload/${UPLOAD}/mix-check`];

const report = {
  findings: [
    { check: 'format', severity: 'ok', advice: 'PCM 24-bit · 48 kHz · stereo: a good format to master from.' },
    {
      check: 'clipping',
      severity: 'problem',
      advice: 'Your mix clips 1,204 times (the worst at 1:23); export with 3 to 6 dB of headroom.',
    },
    {
      check: 'silence',
      severity: 'info',
      advice: '3.0 s of silence at the start and 6.0 s at the end; trim it, or tell us if it is intended.',
    },
  ],
} as unknown as Report;

/** Renders the report of a check answering `check` (the cache and the server agree). */
function renderWith(check: MixCheck) {
  vi.stubGlobal(
    'fetch',
    async () => new Response(JSON.stringify(check), { headers: { 'content-type': 'application/json' } }),
  );
  return renderWithProviders(<MixCheckReport objectPath={PATH} />, { queryData: [[KEY, check]] });
}
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MixCheckReport', () => {
  it('says the mix is being checked while the check is pending', () => {
    renderWith({ uploadId: UPLOAD, status: 'pending', errorReason: null, report: null });
    expect(screen.getByText(MIX_CHECK_TEXTS.pending)).toBeTruthy();
  });

  it('lists every finding, worst first, each with its severity and advice', () => {
    renderWith({ uploadId: UPLOAD, status: 'ok', errorReason: null, report });
    const rows = screen.getAllByTestId('mix-check-finding');
    expect(rows.map((row) => row.dataset.check)).toEqual(['clipping', 'silence', 'format']);
    expect(within(rows[0]!).getByText('Fix')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('Clipping: Your mix clips 1,204 times (the worst at 1:23)');
    expect(screen.getByText(MIX_CHECK_TEXTS.intro)).toBeTruthy();
  });

  it('says why a file could not be checked', () => {
    renderWith({ uploadId: UPLOAD, status: 'error', errorReason: MIX_CHECK_TEXTS.notChecked, report: null });
    expect(screen.getByTestId('mix-check-error').textContent).toBe(MIX_CHECK_TEXTS.notChecked);
  });
});
