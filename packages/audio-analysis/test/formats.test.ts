import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyseAudio } from '../src/index';
import { DECODERS } from './decoders';

const fixture = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name);

// Every accepted format gets past the sniffing and its reader's demuxer and decoder lists, on each decoder.
const FILES: [string, string, number][] = [
  // file, codec as reported, loudness tolerance (LU): lossy encoders shift a short tone's level a little
  ['sine-1k-minus20.aiff', 'pcm_s16be', 0.1],
  ['sine-1k-minus20.flac', 'flac', 0.1],
  ['sine-1k-minus20.alac.m4a', 'alac', 0.1],
  ['sine-1k-minus20.mp3', 'mp3', 0.6],
  ['sine-1k-minus20.m4a', 'aac', 0.6],
];

describe.each(DECODERS)('analyseAudio with %s reads every accepted format', (_, decoder) => {
  it.each(FILES)('%s', async (file, codec, tolerance) => {
    const result = await analyseAudio({ path: fixture(file) }, decoder);
    expect(result).toMatchObject({ status: 'ok', codec, sampleRate: 22_050, channels: 1 });
    // One channel of a -20 dBFS sine: -23 LUFS.
    expect(Math.abs(result.integratedLufs! - -23)).toBeLessThanOrEqual(tolerance);
  });
});
