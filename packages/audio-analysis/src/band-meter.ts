import { HIGH_BAND_HZ } from '@mastering/contracts';

/** A second-order section (RBJ cookbook, Butterworth Q), run in direct form I on one channel. */
class Biquad {
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;
  private readonly b0: number;
  private readonly b1: number;
  private readonly b2: number;
  private readonly a1: number;
  private readonly a2: number;

  constructor(kind: 'highpass' | 'lowpass', hz: number, sampleRate: number) {
    const w = (2 * Math.PI * hz) / sampleRate;
    const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
    const cos = Math.cos(w);
    const a0 = 1 + alpha;
    const side = kind === 'highpass' ? (1 + cos) / 2 : (1 - cos) / 2;
    this.b0 = side / a0;
    this.b1 = (kind === 'highpass' ? -(1 + cos) : 1 - cos) / a0;
    this.b2 = side / a0;
    this.a1 = (-2 * cos) / a0;
    this.a2 = (1 - alpha) / a0;
  }

  step(x: number): number {
    const y = this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/** How much of the file the band check reads: a cut-off is the same throughout, so two minutes tell. */
export const BAND_CHECK_SECONDS = 120;

const chain = (sections: Biquad[]) => (x: number) => {
  let y = x;
  for (const section of sections) y = section.step(y);
  return y;
};

/**
 * The energy above HIGH_BAND_HZ (six cascaded high-passes: a lossy encoder's 16 kHz cut leaves 40 dB
 * and more less there than below it) and in the 10-15 kHz band under it, over the first
 * BAND_CHECK_SECONDS of the first two channels. Measured here rather than by FFmpeg's filters: node-av's
 * FFmpeg passes 16-bit input through its biquads unfiltered, and this reads the same on every decoder.
 */
export class BandMeter {
  private readonly high: ((x: number) => number)[] = [];
  private readonly band: ((x: number) => number)[] = [];
  private readonly limit: number;
  private highSum = 0;
  private bandSum = 0;
  private seen = 0;

  constructor(
    private readonly channels: number,
    sampleRate: number,
  ) {
    for (let c = 0; c < Math.min(2, channels); c++) {
      this.high.push(chain(Array.from({ length: 6 }, () => new Biquad('highpass', HIGH_BAND_HZ, sampleRate))));
      this.band.push(
        // Steep enough that strong low tones (a bass, a lead at 3.5 kHz) do not leak in and pass for a band
        // with content, which the high band would then seem missing from.
        chain([
          ...Array.from({ length: 4 }, () => new Biquad('highpass', 10_000, sampleRate)),
          ...Array.from({ length: 4 }, () => new Biquad('lowpass', 15_000, sampleRate)),
        ]),
      );
    }
    this.limit = BAND_CHECK_SECONDS * sampleRate * channels;
  }

  /** Adds interleaved samples (all channels); past BAND_CHECK_SECONDS it ignores them. */
  push(values: Float32Array): void {
    const n = Math.min(values.length, this.limit - this.seen);
    for (let i = 0; i < n; i++) {
      const channel = (this.seen + i) % this.channels;
      if (channel >= this.high.length) continue;
      const h = this.high[channel]!(values[i]!);
      const b = this.band[channel]!(values[i]!);
      this.highSum += h * h;
      this.bandSum += b * b;
    }
    this.seen += Math.max(0, n);
  }

  /** RMS levels in dBFS of the high band and the band under it (null when a band is digital silence). */
  levels(): { high: number | null; band: number | null } {
    const frames = this.seen / this.channels;
    const db = (sum: number) => (sum > 0 && frames > 0 ? 10 * Math.log10(sum / (frames * this.high.length)) : null);
    return { high: db(this.highSum), band: db(this.bandSum) };
  }
}
