import { HIGH_BAND_HZ } from '@mastering/contracts';

/** One second-order section (RBJ cookbook, Butterworth Q) with its state, run in direct form I. */
type Section = { b0: number; b1: number; b2: number; a1: number; a2: number; state: Float64Array };

function section(kind: 'highpass' | 'lowpass', hz: number, sampleRate: number): Section {
  const w = (2 * Math.PI * hz) / sampleRate;
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const side = (kind === 'highpass' ? (1 + cos) / 2 : (1 - cos) / 2) / a0;
  return {
    b0: side,
    b1: (kind === 'highpass' ? -(1 + cos) : 1 - cos) / a0,
    b2: side,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
    // x1, x2, y1, y2
    state: new Float64Array(4),
  };
}

/** Filters `buffer[0..length)` in place through one section, carrying its state to the next call. */
function run({ b0, b1, b2, a1, a2, state }: Section, buffer: Float64Array, length: number): void {
  let [x1, x2, y1, y2] = state as unknown as [number, number, number, number];
  for (let i = 0; i < length; i++) {
    const x = buffer[i]!;
    const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    buffer[i] = y;
  }
  state.set([x1, x2, y1, y2]);
}

/** How much of the file the band check reads: a cut-off is the same throughout, so a minute tells. */
export const BAND_CHECK_SECONDS = 60;

/** One channel's two filter chains. */
type ChannelBands = { high: Section[]; band: Section[] };

/**
 * The energy above HIGH_BAND_HZ (six cascaded high-passes: a lossy encoder's 16 kHz cut leaves 30 dB
 * and more less there than below it) and in the 10-15 kHz band under it (four sections a side, so
 * strong low tones do not leak in and pass for content there), over the first BAND_CHECK_SECONDS of
 * the first two channels. Measured here rather than by FFmpeg's filters: node-av's FFmpeg passes 16-bit
 * input through its biquads unfiltered, and this reads the same on every decoder. Each chunk is run
 * through one section at a time (a tight loop per section), which keeps it cheap.
 */
export class BandMeter {
  private readonly chains: ChannelBands[] = [];
  private readonly limitFrames: number;
  private highSum = 0;
  private bandSum = 0;
  private frames = 0;
  /** Interleaved samples of a frame split across two chunks. */
  private offset = 0;
  private high = new Float64Array(0);
  private band = new Float64Array(0);

  constructor(
    private readonly channels: number,
    sampleRate: number,
  ) {
    for (let c = 0; c < Math.min(2, channels); c++) {
      this.chains.push({
        high: Array.from({ length: 6 }, () => section('highpass', HIGH_BAND_HZ, sampleRate)),
        band: [
          ...Array.from({ length: 4 }, () => section('highpass', 10_000, sampleRate)),
          ...Array.from({ length: 4 }, () => section('lowpass', 15_000, sampleRate)),
        ],
      });
    }
    this.limitFrames = BAND_CHECK_SECONDS * sampleRate;
  }

  /** Adds interleaved samples (all channels); past BAND_CHECK_SECONDS it ignores them. */
  push(values: Float32Array): void {
    if (this.frames >= this.limitFrames) return;
    const { channels } = this;
    // Frames that start in this chunk (the first may have begun in the last one), up to the limit.
    const first = (channels - this.offset) % channels;
    const whole = Math.floor((values.length - first) / channels);
    const count = Math.max(0, Math.min(whole, this.limitFrames - this.frames));
    if (this.high.length < count) {
      this.high = new Float64Array(count);
      this.band = new Float64Array(count);
    }
    this.chains.forEach((chain, c) => {
      // A frame split across chunks is left out: one sample in a minute's worth does not move the level.
      for (let i = 0; i < count; i++) this.high[i] = this.band[i] = values[first + i * channels + c]!;
      for (const s of chain.high) run(s, this.high, count);
      for (const s of chain.band) run(s, this.band, count);
      for (let i = 0; i < count; i++) {
        this.highSum += this.high[i]! * this.high[i]!;
        this.bandSum += this.band[i]! * this.band[i]!;
      }
    });
    this.frames += count;
    this.offset = (this.offset + values.length) % channels;
  }

  /** RMS levels in dBFS of the high band and the band under it (null when a band is digital silence). */
  levels(): { high: number | null; band: number | null } {
    const samples = this.frames * this.chains.length;
    const db = (sum: number) => (sum > 0 && samples > 0 ? 10 * Math.log10(sum / samples) : null);
    return { high: db(this.highSum), band: db(this.bandSum) };
  }
}
