import { existsSync } from 'node:fs';
import type { AnalyseOptions } from '../src/index';

// The decoders the tests run against: FFmpeg from node-av (what `npm start` uses) always, and the ffmpeg
// program of the Docker image when this machine has one (FFMPEG_PATH, or Debian's `apt-get install ffmpeg`).
const program = process.env.FFMPEG_PATH ?? (existsSync('/usr/bin/ffmpeg') ? '/usr/bin/ffmpeg' : undefined);

export const DECODERS: [string, AnalyseOptions][] = [
  ['node-av', { ffmpegPath: '' }],
  ...(program ? [[`ffmpeg program`, { ffmpegPath: program }] as [string, AnalyseOptions]] : []),
];
