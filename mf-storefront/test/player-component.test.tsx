// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@mastering/ui/testing';
import { DEMO_TRACKS } from '../src/lib/demo-tracks';
import { ExamplesPlayer } from '../src/pages/home/examples';

let host: HTMLElement;
let play: ReturnType<typeof vi.fn>;

function mount() {
  ({ container: host } = renderWithProviders(<ExamplesPlayer tracks={DEMO_TRACKS} />));
}
const player = () => host.querySelector<HTMLElement>('[data-testid="examples-player"]')!;
const click = (testId: string) => act(() => host.querySelector<HTMLElement>(`[data-testid="${testId}"]`)!.click());
const key = (k: string, target: EventTarget = window) =>
  act(
    () =>
      void target.dispatchEvent(
        new KeyboardEvent('keydown', { key: k, code: k === ' ' ? 'Space' : `Key${k.toUpperCase()}`, bubbles: true }),
      ),
  );

beforeEach(() => {
  vi.useFakeTimers();
  play = vi.fn(() => Promise.resolve());
  HTMLMediaElement.prototype.play = play as unknown as () => Promise<void>;
  HTMLMediaElement.prototype.pause = vi.fn();
  mount();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('examples player (rendered)', () => {
  it('Space plays and pauses the audio', () => {
    expect(player().dataset.playing).toBe('false');
    key(' ');
    expect(player().dataset.playing).toBe('true');
    expect(play).toHaveBeenCalledTimes(1);
    key(' ');
    expect(player().dataset.playing).toBe('false');
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
  });

  it('A switches to mastered and starts it about 100 ms later', async () => {
    key('a');
    expect(player().dataset.version).toBe('mastered');
    expect(player().dataset.playing).toBe('false');
    await act(async () => void vi.advanceTimersByTime(99));
    expect(player().dataset.playing).toBe('false');
    await act(async () => void vi.advanceTimersByTime(1));
    expect(player().dataset.playing).toBe('true');
    expect(play).toHaveBeenCalled();
  });

  it('switching back to original keeps playing from the start', async () => {
    key(' ');
    const audio = host.querySelector('audio')!;
    audio.currentTime = 12;
    click('player-mastered');
    expect(player().dataset.playing).toBe('true');
    expect(audio.currentTime).toBe(0);
    click('player-original');
    expect(player()).toMatchObject({ dataset: { version: 'original', playing: 'true' } });
  });

  it('a blocked autoplay shows paused, without a message', async () => {
    play.mockImplementation(() => Promise.reject(new DOMException('blocked', 'NotAllowedError')));
    key('a');
    await act(async () => void vi.advanceTimersByTime(100));
    expect(player().dataset.playing).toBe('false');
    expect(host.textContent).not.toMatch(/blocked|error/i);
  });

  it('the dimmed neighbours select the previous and next tracks, wrapping around', () => {
    expect(player().dataset.track).toBe(DEMO_TRACKS[0]!.id);
    click('player-previous');
    expect(player().dataset.track).toBe(DEMO_TRACKS[3]!.id);
    expect(host.querySelector('[data-testid="player-genre"]')!.textContent).toBe('Pop');
    click('player-next');
    click('player-next');
    expect(player().dataset.track).toBe(DEMO_TRACKS[1]!.id);
  });

  it('shows a per-track loading state that clears within a second', async () => {
    expect(host.querySelector('[data-testid="player-play"]')!.getAttribute('aria-busy')).toBe('true');
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(host.querySelector('[data-testid="player-play"]')!.getAttribute('aria-busy')).toBe('false');
  });

  it('ignores the keys while typing in a field', () => {
    const input = document.createElement('input');
    document.body.append(input);
    key('a', input);
    key(' ', input);
    expect(player()).toMatchObject({ dataset: { version: 'original', playing: 'false' } });
    input.remove();
  });
});

describe('examples player under a dialog', () => {
  it('leaves the keys to an open dialog', () => {
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    key(' ');
    key('a');
    expect(player()).toMatchObject({ dataset: { version: 'original', playing: 'false' } });
    dialog.remove();
  });
});
