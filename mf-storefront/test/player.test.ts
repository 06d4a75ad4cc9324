import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_TRACKS, playerTracks, SILENT_AUDIO_URL } from '../src/lib/demo-tracks';
import {
  initialPlayerState,
  playerKeyCommand,
  playerReducer,
  shouldAutoplay,
  wrapIndex,
  type PlayerAction,
  type PlayerState,
} from '../src/lib/player';

const run = (actions: PlayerAction[], count = 4, from: PlayerState = initialPlayerState) =>
  actions.reduce((state, action) => playerReducer(state, action, count), from);

describe('examples player state machine', () => {
  it('starts on the first track, original, paused', () => {
    expect(initialPlayerState).toEqual({ index: 0, version: 'original', playing: false });
  });

  it('wraps around both ends of the carousel', () => {
    expect(run([{ type: 'previous' }]).index).toBe(3);
    expect(run([{ type: 'next' }, { type: 'next' }, { type: 'next' }, { type: 'next' }]).index).toBe(0);
    expect(wrapIndex(0, -1, 4)).toBe(3);
    expect(wrapIndex(3, 1, 4)).toBe(0);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it('selecting a neighbour stops playback and keeps the version', () => {
    const state = run([
      { type: 'setVersion', version: 'mastered' },
      { type: 'togglePlay' },
      { type: 'select', index: 2 },
    ]);
    expect(state).toEqual({ index: 2, version: 'mastered', playing: false });
  });

  it('a version switch keeps playing if it was playing, and stays paused if not', () => {
    expect(run([{ type: 'togglePlay' }, { type: 'toggleVersion' }])).toMatchObject({
      version: 'mastered',
      playing: true,
    });
    expect(run([{ type: 'toggleVersion' }])).toMatchObject({ version: 'mastered', playing: false });
    expect(run([{ type: 'toggleVersion' }, { type: 'toggleVersion' }]).version).toBe('original');
  });

  it('autoplays only when switching to mastered', () => {
    expect(shouldAutoplay('original', 'mastered')).toBe(true);
    expect(shouldAutoplay('mastered', 'original')).toBe(false);
    expect(shouldAutoplay('mastered', 'mastered')).toBe(false);
  });

  it('a blocked autoplay (the element reports paused) simply shows paused', () => {
    expect(run([{ type: 'played' }, { type: 'paused' }]).playing).toBe(false);
  });

  it('goes back to the first track when the selected one disappears, and keeps it otherwise', () => {
    const onThird = run([{ type: 'select', index: 2 }]);
    expect(playerReducer(onThird, { type: 'tracksChanged', count: 4, selectedStillThere: true }, 4).index).toBe(2);
    expect(playerReducer(onThird, { type: 'tracksChanged', count: 4, selectedStillThere: false }, 4).index).toBe(0);
    expect(playerReducer(onThird, { type: 'tracksChanged', count: 2, selectedStillThere: true }, 2).index).toBe(0);
  });

  it('does nothing without tracks', () => {
    expect(run([{ type: 'togglePlay' }, { type: 'next' }], 0)).toEqual(initialPlayerState);
  });
});

describe('player keys', () => {
  const input = { tagName: 'INPUT' } as unknown as EventTarget;
  it('Space toggles play and A toggles the version', () => {
    expect(playerKeyCommand({ key: ' ', code: 'Space' })).toBe('togglePlay');
    expect(playerKeyCommand({ key: 'a' })).toBe('toggleVersion');
    expect(playerKeyCommand({ key: 'A' })).toBe('toggleVersion');
    expect(playerKeyCommand({ key: 'b' })).toBeNull();
  });

  it('leaves typing and shortcuts alone', () => {
    expect(playerKeyCommand({ key: 'a', target: input })).toBeNull();
    expect(playerKeyCommand({ key: ' ', target: input })).toBeNull();
    expect(playerKeyCommand({ key: 'a', ctrlKey: true })).toBeNull();
    expect(playerKeyCommand({ key: 'a', metaKey: true })).toBeNull();
  });
});

describe('player tracks', () => {
  it('uses the four demo tracks when the server has none', () => {
    expect(playerTracks([])).toBe(DEMO_TRACKS);
    expect(DEMO_TRACKS.map((t) => t.genre)).toEqual(['Electronic', 'Rock', 'Jazz', 'Pop']);
    expect(DEMO_TRACKS.every((t) => t.artworkUrl && t.originalUrl === SILENT_AUDIO_URL)).toBe(true);
  });

  it('falls back to the placeholder audio for a missing version', () => {
    const [track] = playerTracks([
      {
        id: '1',
        title: 'T',
        artist: 'A',
        genre: 'Rock',
        beforeDescription: '',
        afterDescription: '',
        artworkUrl: null,
        originalAudioUrl: null,
        masteredAudioUrl: '/media/m.mp3',
        isActive: 'true',
        displayOrder: 0,
        createdAt: '',
        isDemo: false,
      },
    ]);
    expect(track).toMatchObject({ originalUrl: SILENT_AUDIO_URL, masteredUrl: '/media/m.mp3' });
  });

  it('the placeholder is a real, playable WAV of silence under /audio', () => {
    expect(SILENT_AUDIO_URL).toBe('/audio/placeholder.wav');
    const bytes = readFileSync(new URL('../../shell/src/audio/placeholder.wav', import.meta.url));
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString()).toBe('WAVE');
    expect(bytes.readUInt32LE(40)).toBe(bytes.length - 44);
    expect([...bytes.subarray(44)].every((b) => b === 128)).toBe(true);
  });
});
