import { describe, expect, it } from 'vitest';
import {
  AUDIO_EXTENSIONS,
  AUDIO_FILE_ACCEPT,
  AUDIO_FORMAT_NAMES,
  audioFormatOfType,
  isAcceptedAudioFile,
  NO_VALID_AUDIO,
  orList,
  UPLOAD_BYTES_NOT_AUDIO,
  UPLOAD_NOT_AUDIO,
  withAudioExtension,
} from '../src/index';

describe('the audio formats, named once', () => {
  it("list the spec's extensions in its order, and every picker accepts them", () => {
    expect(AUDIO_EXTENSIONS).toEqual(['.wav', '.mp3', '.flac', '.aiff', '.m4a']);
    expect(AUDIO_FILE_ACCEPT).toBe('audio/*,.wav,.mp3,.flac,.aiff,.m4a');
    expect(AUDIO_FORMAT_NAMES).toEqual(['WAV', 'MP3', 'FLAC', 'AIFF', 'M4A']);
  });

  it('make every message that lists them', () => {
    expect(NO_VALID_AUDIO).toBe('No valid audio files found. Please upload .wav, .mp3, .flac, .aiff, or .m4a files.');
    expect(UPLOAD_NOT_AUDIO).toBe('Only audio files can be uploaded (.wav, .mp3, .flac, .aiff or .m4a).');
    expect(UPLOAD_BYTES_NOT_AUDIO).toBe(
      'This file is not a WAV, MP3, FLAC, AIFF or M4A recording. Please upload the audio file itself.',
    );
  });

  it('join a list with "or", with the serial comma where the spec writes one', () => {
    expect(orList(['a'])).toBe('a');
    expect(orList(['a', 'b'], { serialComma: true })).toBe('a or b');
    expect(orList(['a', 'b', 'c'])).toBe('a, b or c');
    expect(orList(['a', 'b', 'c'], { serialComma: true })).toBe('a, b, or c');
  });

  it('map a content type to its format and a name to its extension', () => {
    expect(audioFormatOfType('audio/mpeg; charset=binary')).toBe('mp3');
    expect(audioFormatOfType('text/plain')).toBeNull();
    expect(withAudioExtension('mix.txt', 'flac')).toBe('mix.flac');
    expect(withAudioExtension('mix', 'wav')).toBe('mix.wav');
  });

  it.each([
    [{ name: 'a.bin', type: 'audio/x-custom' }, true],
    [{ name: 'SONG.WAV', type: '' }, true],
    [{ name: 'mix.Flac' }, true],
    [{ name: 'take.aiff', type: 'application/octet-stream' }, true],
    [{ name: 'voice.m4a' }, true],
    [{ name: 'cover.png', type: 'image/png' }, false],
    [{ name: 'notes.wav.txt', type: 'text/plain' }, false],
  ])('isAcceptedAudioFile(%o) = %s', (file, ok) => expect(isAcceptedAudioFile(file)).toBe(ok));
});
