// The measures a release's coherence table compares (issue 55) that the loudness analysis does not keep:
// the highest short-term loudness (EBU R128's 3 s window, every 100 ms) and the spectral balance (energy
// below 250 Hz, between 250 Hz and 4 kHz, above 4 kHz, each relative to the whole signal). Computed here
// from interleaved stereo float samples at 48 kHz (what the decoder is asked for), streaming: memory stays
// flat whatever the length.

/** The sample rate the decoder delivers for these measures (the K-weighting coefficients are for it). */
export const BALANCE_RATE = 48_000;
const BLOCK = BALANCE_RATE / 10; // 100 ms
const SHORT_TERM_BLOCKS = 30; // 3 s
/** Band edges in Hz. */
export const LOW_MID_HZ = 250;
export const MID_HIGH_HZ = 4000;

type Coefficients = { b0: number; b1: number; b2: number; a1: number; a2: number };

/** One biquad section (direct form I) over a stream of samples. */
class Biquad {
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;
  constructor(private readonly c: Coefficients) {}
  next(x: number): number {
    const { b0, b1, b2, a1, a2 } = this.c;
    const y = b0 * x + b1 * this.x1 + b2 * this.x2 - a1 * this.y1 - a2 * this.y2;
    this.x2 = this.x1;
    this.x1 = x;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

// ITU-R BS.1770-4's K-weighting at 48 kHz: the high shelf, then the high-pass (the published coefficients).
const K_SHELF: Coefficients = {
  b0: 1.53512485958697,
  b1: -2.69169618940638,
  b2: 1.19839281085285,
  a1: -1.69065929318241,
  a2: 0.73248077421585,
};
const K_HIGHPASS: Coefficients = { b0: 1, b1: -2, b2: 1, a1: -1.99004745483398, a2: 0.99007225036621 };

/** A Butterworth (Q = 1/√2) low- or high-pass at `hz` (Robert Bristow-Johnson's cookbook). */
function butterworth(kind: 'low' | 'high', hz: number): Coefficients {
  const w = (2 * Math.PI * hz) / BALANCE_RATE;
  const alpha = Math.sin(w) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  const b1 = kind === 'low' ? 1 - cos : -(1 + cos);
  const b0 = kind === 'low' ? (1 - cos) / 2 : (1 + cos) / 2;
  return { b0: b0 / a0, b1: b1 / a0, b2: b0 / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 };
}

/** dB of a power ratio, at most 120 dB down (an empty band stays a number). */
const toDb = (power: number) => (power > 0 ? Math.max(-120, 10 * Math.log10(power)) : -120);
const round1 = (n: number) => Math.round(n * 10) / 10;

/** What `BalanceMeter.result` answers; null levels for silence. */
export type BalanceMeasure = {
  shortTermMaxLufs: number | null;
  balance: { lowDb: number; midDb: number; highDb: number } | null;
};

/** Takes interleaved stereo float32 samples at BALANCE_RATE, chunk by chunk, and measures them. */
export class BalanceMeter {
  private readonly kWeight = [0, 1].map(() => [new Biquad(K_SHELF), new Biquad(K_HIGHPASS)]);
  private readonly low = new Biquad(butterworth('low', LOW_MID_HZ));
  private readonly mid = [new Biquad(butterworth('high', LOW_MID_HZ)), new Biquad(butterworth('low', MID_HIGH_HZ))];
  private readonly high = new Biquad(butterworth('high', MID_HIGH_HZ));
  private energy = { all: 0, low: 0, mid: 0, high: 0 };
  /** K-weighted energy (both channels summed) of the current 100 ms block, and of the last 30 blocks. */
  private block = 0;
  private inBlock = 0;
  private readonly blocks: number[] = [];
  private shortTermMax: number | null = null;
  /** A sample split across two chunks. */
  private carry = Buffer.alloc(0);

  /** Feeds the next bytes of the stream (any length). */
  push(chunk: Buffer): void {
    const bytes = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const frames = Math.floor(bytes.length / 8);
    for (let i = 0; i < frames; i++) this.frame(bytes.readFloatLE(i * 8), bytes.readFloatLE(i * 8 + 4));
    this.carry = Buffer.from(bytes.subarray(frames * 8));
  }

  private frame(left: number, right: number): void {
    const kl = this.kWeight[0]![1]!.next(this.kWeight[0]![0]!.next(left));
    const kr = this.kWeight[1]![1]!.next(this.kWeight[1]![0]!.next(right));
    this.block += kl * kl + kr * kr;
    const mono = (left + right) / 2;
    const low = this.low.next(mono);
    const mid = this.mid[1]!.next(this.mid[0]!.next(mono));
    const high = this.high.next(mono);
    this.energy.all += mono * mono;
    this.energy.low += low * low;
    this.energy.mid += mid * mid;
    this.energy.high += high * high;
    if (++this.inBlock < BLOCK) return;
    this.blocks.push(this.block);
    if (this.blocks.length > SHORT_TERM_BLOCKS) this.blocks.shift();
    // A window is measured once it is whole: 3 s of signal.
    if (this.blocks.length === SHORT_TERM_BLOCKS) {
      const meanSquare = this.blocks.reduce((a, b) => a + b, 0) / (BLOCK * SHORT_TERM_BLOCKS);
      if (meanSquare > 0) this.shortTermMax = Math.max(this.shortTermMax ?? -120, -0.691 + toDb(meanSquare));
    }
    this.block = 0;
    this.inBlock = 0;
  }

  /** The highest short-term loudness (null for silence or under 3 s) and the band energies relative to the whole (dB). */
  result(): BalanceMeasure {
    const { all, low, mid, high } = this.energy;
    return {
      shortTermMaxLufs: this.shortTermMax === null ? null : round1(this.shortTermMax),
      balance:
        all > 0
          ? { lowDb: round1(toDb(low / all)), midDb: round1(toDb(mid / all)), highDb: round1(toDb(high / all)) }
          : null,
    };
  }
}
