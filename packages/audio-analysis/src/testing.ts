import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

// Test signals for the analyser's tests, the services' tests and the benchmark (import
// `@mastering/audio-analysis/testing`): generated rather than shipped, so the known answer follows from the formula.

/** A sample function: time in seconds and channel index to a value in [-1, 1]. */
export type Signal = (t: number, channel: number) => number;

/** A 1 kHz sine at `dbfs` (peak level) in every channel. */
export const sine = (dbfs: number, hz = 1000): Signal => {
  const amplitude = 10 ** (dbfs / 20);
  return (t) => amplitude * Math.sin(2 * Math.PI * hz * t);
};

/** A full-scale square wave: every sample at +-1, so band-limited reconstruction overshoots 0 dBFS. */
export const clippedSquare =
  (hz = 997): Signal =>
  (t) =>
    Math.sin(2 * Math.PI * hz * t) >= 0 ? 1 : -1;

export const silence: Signal = () => 0;

type Format = { sampleRate?: number; channels?: number };

/** The canonical 44-byte header of a 16-bit PCM WAV holding `frames` frames. */
export function wavHeader(frames: number, { sampleRate = 48_000, channels = 2 }: Format = {}): Buffer {
  const dataBytes = frames * channels * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** 16-bit PCM samples of `signal` for frames [from, from + count). */
function pcm(signal: Signal, from: number, count: number, { sampleRate = 48_000, channels = 2 }: Format): Buffer {
  const out = Buffer.alloc(count * channels * 2);
  for (let i = 0; i < count; i++) {
    const t = (from + i) / sampleRate;
    for (let c = 0; c < channels; c++) {
      const value = Math.max(-1, Math.min(1, signal(t, c)));
      out.writeInt16LE(Math.round(value * 32767), (i * channels + c) * 2);
    }
  }
  return out;
}

/** A whole 16-bit WAV file of `seconds` of `signal`, in memory (small files only). */
export function wav(signal: Signal, seconds: number, format: Format = {}): Buffer {
  const frames = Math.round(seconds * (format.sampleRate ?? 48_000));
  return Buffer.concat([wavHeader(frames, format), pcm(signal, 0, frames, format)]);
}

/**
 * Writes a large WAV to `file` one second at a time (the same second repeated, so a whole-number-of-
 * cycles signal stays continuous), never holding more than a second in memory.
 */
export async function writeLongWav(
  file: string,
  signal: Signal,
  seconds: number,
  format: Format = {},
): Promise<number> {
  const sampleRate = format.sampleRate ?? 48_000;
  const second = pcm(signal, 0, sampleRate, format);
  const out = createWriteStream(file);
  out.write(wavHeader(sampleRate * seconds, format));
  for (let i = 0; i < seconds; i++) if (!out.write(second)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  return 44 + second.length * seconds;
}
