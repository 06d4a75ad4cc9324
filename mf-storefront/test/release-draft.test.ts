import { describe, expect, it } from 'vitest';
import { RELEASE_TITLE_REQUIRED, STILL_UPLOADING, siteConfigFor, DEFAULT_PRICING } from '@mastering/contracts';
import {
  checkReleaseDraft,
  configForChoice,
  EMPTY_RELEASE,
  moveTo,
  releaseBody,
  runningOrder,
  type ReleaseDraft,
} from '../src/lib/release-draft';
import type { UploadItem } from '../src/lib/upload-items';

// Issue 55: the upload form's release without React: running order, moves, anchor, the body it sends.
const item = (id: string, status: UploadItem['status'] = 'completed'): UploadItem => ({
  id,
  name: `${id}.wav`,
  size: 100,
  type: 'audio/wav',
  status,
  progress: 1,
  file: {} as File,
  objectPath: `/objects/${id}`,
});
const items = [item('a'), item('b'), item('c')];
const ep: ReleaseDraft = { ...EMPTY_RELEASE, choice: 'ep', title: 'Dusk', artist: 'Zola' };

describe('the release draft', () => {
  it('keeps the running order the customer made; new uploads join at the end, removed ones drop out', () => {
    const draft = { ...ep, order: ['c', 'gone', 'a'] };
    expect(runningOrder(draft, items).map((i) => i.id)).toEqual(['c', 'a', 'b']);
  });

  it('moves a track to a place, as the drop and the move buttons do', () => {
    expect(moveTo(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(moveTo(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveTo(['a', 'b', 'c'], 'a', 9)).toEqual(['b', 'c', 'a']);
  });

  it('sends the tracks in running order as indexes into the files, gaps (2 s unless changed), anchor and references', () => {
    const draft: ReleaseDraft = {
      ...ep,
      order: ['c', 'a', 'b'],
      gaps: { a: null, b: 4 },
      anchor: 'b',
      trackNotes: { a: ' Tail ' },
      references: { r: { track: 'a', takes: ['width'], note: 'Wide' } },
    };
    expect(releaseBody(draft, items, [item('r')])).toEqual({
      kind: 'ep',
      title: 'Dusk',
      artist: 'Zola',
      tracks: [
        { file: 2, gapSeconds: 2 },
        { file: 0, gapSeconds: null, notes: 'Tail' },
        { file: 1, gapSeconds: 4 },
      ],
      anchor: 2,
      references: [{ originalFilePath: '/objects/r', originalName: 'r.wav', track: 1, takes: ['width'], note: 'Wide' }],
    });
    expect(releaseBody(EMPTY_RELEASE, items, [])).toBeUndefined();
  });

  it('checks a title, and waits for references still uploading', () => {
    expect(checkReleaseDraft({ ...ep, title: ' ' }, items, [])).toEqual({ ok: false, message: RELEASE_TITLE_REQUIRED });
    expect(checkReleaseDraft(ep, items, [item('r', 'uploading')])).toEqual({ ok: false, message: STILL_UPLOADING });
    expect(checkReleaseDraft(EMPTY_RELEASE, items, [])).toEqual({ ok: true, release: undefined });
  });

  it('prices a release’s tracks at the release price when Settings has one', () => {
    const config = { ...siteConfigFor(DEFAULT_PRICING), releaseTrackPriceCents: 25_000 };
    expect(configForChoice(config, 'album')).toMatchObject({ basePriceCents: 25_000, basePrice: 250 });
    expect(configForChoice(config, 'single')).toBe(config);
  });
});
