// @vitest-environment jsdom
// Issue 27 item 1: after clicking a player button, Space and A still drive the player, once per press.
import { act, renderWithProviders } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_TRACKS } from '../src/lib/demo-tracks';
import { playerKeyCommand } from '../src/lib/player';
import { ExamplesPlayer } from '../src/pages/home/examples';

let host: HTMLElement;

const player = () => host.querySelector<HTMLElement>('[data-testid="examples-player"]')!;
const button = (testId: string) => host.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`)!;
/** Dispatches a key event on `target` and says whether the page's default action was cancelled. */
const press = (type: 'keydown' | 'keyup', k: string, target: EventTarget, repeat = false) => {
  let event!: KeyboardEvent;
  act(() => {
    event = new KeyboardEvent(type, {
      key: k,
      code: k === ' ' ? 'Space' : `Key${k.toUpperCase()}`,
      bubbles: true,
      cancelable: true,
      repeat,
    });
    target.dispatchEvent(event);
  });
  return event.defaultPrevented;
};

beforeEach(() => {
  vi.useFakeTimers();
  HTMLMediaElement.prototype.play = vi.fn(() => Promise.resolve()) as unknown as () => Promise<void>;
  HTMLMediaElement.prototype.pause = vi.fn();
  host = renderWithProviders(<ExamplesPlayer tracks={DEMO_TRACKS} />).container;
});

afterEach(() => vi.useRealTimers());

describe('player keys with a focused button', () => {
  it('a focused button is not a text field', () => {
    const focused = document.createElement('button');
    expect(playerKeyCommand({ key: ' ', code: 'Space', target: focused })).toBe('togglePlay');
    expect(playerKeyCommand({ key: 'a', target: focused })).toBe('toggleVersion');
    const checkbox = document.createElement('div');
    checkbox.setAttribute('role', 'checkbox');
    expect(playerKeyCommand({ key: ' ', target: checkbox })).toBeNull();
    const editable = { tagName: 'DIV', isContentEditable: true } as unknown as EventTarget;
    expect(playerKeyCommand({ key: 'a', target: editable })).toBeNull();
  });

  it('after clicking the next neighbour, A switches version and Space plays', () => {
    const next = button('player-next');
    act(() => next.click());
    next.focus();
    press('keydown', 'a', next);
    expect(player().dataset.version).toBe('mastered');
    press('keydown', ' ', next);
    expect(player().dataset.playing).toBe('true');
  });

  it("Space on the focused play button toggles once: the button's own keyup click is cancelled", () => {
    const play = button('player-play');
    play.focus();
    expect(press('keydown', ' ', play)).toBe(true);
    expect(press('keyup', ' ', play)).toBe(true);
    expect(player().dataset.playing).toBe('true');
  });

  it('a held Space (auto-repeat) does not toggle again', () => {
    const play = button('player-play');
    press('keydown', ' ', play);
    expect(press('keydown', ' ', play, true)).toBe(true);
    press('keydown', ' ', play, true);
    expect(player().dataset.playing).toBe('true');
  });
});
