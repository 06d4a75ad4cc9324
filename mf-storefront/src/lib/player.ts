// The examples player's state machine, kept free of React and audio elements so its rules
// (wrap-around selection, version switching, blocked autoplay) are tested on their own.

/** Which mix of a showcase track is heard. */
export type Version = 'original' | 'mastered';

/** The player: the selected track (by position), the version heard, and whether it plays. */
export interface PlayerState {
  index: number;
  version: Version;
  playing: boolean;
}

/** What a person (or the audio element) does to the player. */
export type PlayerAction =
  | { type: 'select'; index: number }
  | { type: 'previous' }
  | { type: 'next' }
  | { type: 'togglePlay' }
  | { type: 'setVersion'; version: Version }
  | { type: 'toggleVersion' }
  /** The audio element started or stopped (ended, paused, or the browser refused to autoplay). */
  | { type: 'played' }
  | { type: 'paused' }
  /** The list changed: keep the selection while its track is still there, else go back to the first. */
  | { type: 'tracksChanged'; count: number; selectedStillThere: boolean };

/** The first track, original mix, paused (spec §4: the first track is selected by default). */
export const initialPlayerState: PlayerState = { index: 0, version: 'original', playing: false };

/** The position `step` away from `index` in a list of `count`, wrapping around both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/**
 * Next player state, given the number of tracks. Picking another track stops playback and keeps the
 * version; switching version keeps `playing` (the element restarts from 0 and, if it was playing,
 * plays on; switching to mastered also starts it after MASTERED_AUTOPLAY_DELAY_MS, see `shouldAutoplay`).
 */
export function playerReducer(state: PlayerState, action: PlayerAction, count: number): PlayerState {
  switch (action.type) {
    case 'select':
      if (count === 0 || action.index === state.index) return state;
      return { ...state, index: wrapIndex(action.index, 0, count), playing: false };
    case 'previous':
      return count > 1 ? { ...state, index: wrapIndex(state.index, -1, count), playing: false } : state;
    case 'next':
      return count > 1 ? { ...state, index: wrapIndex(state.index, 1, count), playing: false } : state;
    case 'togglePlay':
      return count === 0 ? state : { ...state, playing: !state.playing };
    case 'setVersion':
      return action.version === state.version ? state : { ...state, version: action.version };
    case 'toggleVersion':
      return { ...state, version: state.version === 'original' ? 'mastered' : 'original' };
    case 'played':
      return state.playing ? state : { ...state, playing: true };
    case 'paused':
      return state.playing ? { ...state, playing: false } : state;
    case 'tracksChanged':
      return action.selectedStillThere && state.index < action.count ? state : { ...state, index: 0, playing: false };
  }
}

/** True when a version switch should start playback by itself: switching to mastered (spec §2). */
export function shouldAutoplay(previous: Version, next: Version): boolean {
  return previous !== next && next === 'mastered';
}

/**
 * The player command a key press asks for: Space plays/pauses, A switches version; null otherwise.
 * A focused button (say the player's own, after a click) does not stop the keys: only a text field
 * does.
 */
export function playerKeyCommand(event: {
  key: string;
  code?: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  target?: EventTarget | null;
}): 'togglePlay' | 'toggleVersion' | null {
  if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return null;
  if (event.key === ' ' || event.code === 'Space') return 'togglePlay';
  if (event.key === 'a' || event.key === 'A') return 'toggleVersion';
  return null;
}

// Fields that take typed characters (or Space to tick a box): the keys belong to them, not to the player.
const TYPING_TAGS = ['INPUT', 'TEXTAREA', 'SELECT'];
const TYPING_ROLES = ['textbox', 'searchbox', 'combobox', 'spinbutton', 'checkbox', 'radio', 'switch', 'slider'];

function isTypingTarget(target: EventTarget | null | undefined): boolean {
  const element = target as
    | { tagName?: string; isContentEditable?: boolean; getAttribute?: (name: string) => string | null }
    | null
    | undefined;
  if (!element?.tagName) return false;
  if (element.isContentEditable) return true;
  if (TYPING_TAGS.includes(element.tagName.toUpperCase())) return true;
  return TYPING_ROLES.includes(element.getAttribute?.('role') ?? '');
}
