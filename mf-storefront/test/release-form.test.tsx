// @vitest-environment jsdom
import { renderWithProviders } from '@mastering/ui/testing';
import { act, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_RELEASE, releaseBody } from '../src/lib/release-draft';
import type { UploadItem } from '../src/lib/upload-items';
import { ReleaseForm } from '../src/pages/upload/release-form';
import type { UploadQueue } from '../src/pages/upload/use-upload-queue';

// Issue 55: the upload form's release part, rendered: single by default; an EP shows its fields and the
// running order, which the move buttons (keyboard-operable buttons, beside dragging) reorder.
const item = (id: string): UploadItem => ({
  id,
  name: `${id}.wav`,
  size: 1,
  type: 'audio/wav',
  status: 'completed',
  progress: 1,
  file: {} as File,
  objectPath: `/objects/${id}`,
});
const tracks = [item('a'), item('b'), item('c')];
const references: UploadQueue = { items: [], error: null, setError: () => {}, add: () => {}, remove: () => {} };

/** The form over its own state, with the body it would send printed beside it. */
function Harness() {
  const [draft, setDraft] = useState(EMPTY_RELEASE);
  return (
    <>
      <ReleaseForm draft={draft} setDraft={setDraft} tracks={tracks} references={references} />
      <pre data-testid="body">{JSON.stringify(releaseBody(draft, tracks, []) ?? null)}</pre>
    </>
  );
}

let host: HTMLElement;
const $ = (testId: string) => host.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const names = () => [...host.querySelectorAll('[data-testid="release-track-name"]')].map((el) => el.textContent);
const button = (label: string) => host.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
const click = (el: HTMLElement) => act(() => el.click());

beforeEach(() => {
  ({ container: host } = renderWithProviders(<Harness />));
});

describe('the release form', () => {
  it('orders a single by default: no release fields, no release sent', () => {
    expect($('release-single')!.getAttribute('aria-checked')).toBe('true');
    expect($('running-order')).toBeNull();
    expect($('body')!.textContent).toBe('null');
  });

  it('reorders an EP’s tracks with the move buttons, the first track the anchor until another is chosen', () => {
    click($('release-ep')!);
    expect(names()).toEqual(['a.wav', 'b.wav', 'c.wav']);
    expect(button('Move a.wav up').disabled).toBe(true);
    click(button('Move c.wav up'));
    expect(names()).toEqual(['a.wav', 'c.wav', 'b.wav']);
    click(button('Move a.wav down'));
    expect(names()).toEqual(['c.wav', 'a.wav', 'b.wav']);
    const body = JSON.parse($('body')!.textContent!);
    expect(body.tracks.map((t: { file: number }) => t.file)).toEqual([2, 0, 1]);
    expect(body.anchor).toBe(0);
    click([...host.querySelectorAll<HTMLInputElement>('[data-testid="release-anchor"]')][2]!);
    expect(JSON.parse($('body')!.textContent!).anchor).toBe(2);
  });
});
