import { AUDIO_FORMATS } from '@mastering/contracts';
import { describe, expect, it } from 'vitest';
import { contentTypeFromKey } from '../src/content-types';

describe('contentTypeFromKey', () => {
  it('serves every upload format with the content type AUDIO_FORMATS names, whatever the case', () => {
    for (const { ext, contentType } of Object.values(AUDIO_FORMATS)) {
      expect(contentTypeFromKey(`uploads/mix${ext}`)).toBe(contentType);
      expect(contentTypeFromKey(`uploads/MIX${ext.toUpperCase()}`)).toBe(contentType);
    }
  });

  it('knows the showcase media names too, and nothing for an unknown or missing extension', () => {
    expect(contentTypeFromKey('showcase/a.aif')).toBe('audio/aiff');
    expect(contentTypeFromKey('showcase/a.ogg')).toBe('audio/ogg');
    expect(contentTypeFromKey('showcase/cover.webp')).toBe('image/webp');
    expect(contentTypeFromKey('a/b.exe')).toBeUndefined();
    expect(contentTypeFromKey('dir.wav/file')).toBeUndefined();
  });
});
