import { CLIP_RUN_SAMPLES, SILENCE_DBFS } from '@mastering/contracts';

/** A sample at or above this is at full scale: within one 16-bit step of it (float files may go past). */
const FULL_SCALE = 1 - 2 / 32_768;
const SILENT = 10 ** (SILENCE_DBFS / 20);

/** Turns chunks of little-endian float32 bytes into samples, keeping a sample split across two chunks. */
export class FloatChunks {
  private carry: Buffer = Buffer.alloc(0);

  /** The whole samples of `chunk` (with the bytes left over from the one before). */
  read(chunk: Buffer): Float32Array {
    let bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    this.carry = Buffer.from(bytes.subarray(whole));
    bytes = bytes.subarray(0, whole);
    // A Float32Array view needs 4-byte alignment; pipe chunks usually have it, otherwise copy once.
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
    return new Float32Array(aligned.buffer, aligned.byteOffset, whole / 4);
  }
}

/** What the meter measured of the whole file, per the mix check's needs. */
export type MixMeasures = {
  frames: number;
  clippedRuns: number;
  /** First frame of the longest clipped run, or null when nothing clipped. */
  worstClipFrame: number | null;
  /** Each channel's mean (DC), as a fraction of full scale. */
  channelMeans: number[];
  /** Correlation of channels 1 and 2, or null for mono (or a silent channel). */
  correlation: number | null;
  /** First and last frame with any channel above SILENCE_DBFS; null when none is. */
  firstSoundFrame: number | null;
  lastSoundFrame: number | null;
};

/**
 * Consumes the decoded interleaved float32 samples (the stream `PeakAccumulator` also reads) and keeps
 * running sums in constant memory: clipped runs per channel, each channel's mean, the first two
 * channels' correlation, and where sound starts and ends. Sample-exact, so the same on every decoder.
 */
export class MixMeter {
  private readonly sums: Float64Array;
  private readonly runs: Int32Array;
  private readonly runStarts: Float64Array;
  private readonly signs: Int8Array;
  private sumLL = 0;
  private sumRR = 0;
  private sumLR = 0;
  private left = 0;
  private channel = 0;
  private frame = 0;
  private clippedRuns = 0;
  private longestRun = 0;
  private worstClipFrame: number | null = null;
  private firstSoundFrame: number | null = null;
  private lastSoundFrame: number | null = null;

  constructor(private readonly channels: number) {
    this.sums = new Float64Array(channels);
    this.runs = new Int32Array(channels);
    this.runStarts = new Float64Array(channels);
    this.signs = new Int8Array(channels);
  }

  /** Adds decoded interleaved samples (whole frames or not: the channel carries over). */
  push(values: Float32Array): void {
    const { channels, sums, runs, runStarts, signs } = this;
    let { channel, frame, left, sumLL, sumRR, sumLR } = this;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      const a = v < 0 ? -v : v;
      sums[channel]! += v;
      if (a >= FULL_SCALE) {
        // A run is held at one extreme: a square wave swinging from +1 to -1 makes two.
        const sign = v > 0 ? 1 : -1;
        if (runs[channel]! > 0 && signs[channel] !== sign) this.endRun(channel);
        if (runs[channel] === 0) {
          runStarts[channel] = frame;
          signs[channel] = sign;
        }
        runs[channel]! += 1;
      } else if (runs[channel]! > 0) this.endRun(channel);
      if (a > SILENT) {
        if (this.firstSoundFrame === null) this.firstSoundFrame = frame;
        this.lastSoundFrame = frame;
      }
      if (channel === 0) left = v;
      else if (channel === 1) {
        sumLL += left * left;
        sumRR += v * v;
        sumLR += left * v;
      }
      if (++channel === channels) {
        channel = 0;
        frame++;
      }
    }
    Object.assign(this, { channel, frame, left, sumLL, sumRR, sumLR });
  }

  /** The measures of everything pushed so far (runs still open at the end count). */
  result(): MixMeasures {
    for (let c = 0; c < this.channels; c++) if (this.runs[c]! > 0) this.endRun(c);
    const frames = this.frame;
    const denominator = Math.sqrt(this.sumLL * this.sumRR);
    return {
      frames,
      clippedRuns: this.clippedRuns,
      worstClipFrame: this.worstClipFrame,
      channelMeans: [...this.sums].map((sum) => (frames > 0 ? sum / frames : 0)),
      correlation: this.channels >= 2 && denominator > 0 ? this.sumLR / denominator : null,
      firstSoundFrame: this.firstSoundFrame,
      lastSoundFrame: this.lastSoundFrame,
    };
  }

  private endRun(channel: number): void {
    const length = this.runs[channel]!;
    this.runs[channel] = 0;
    if (length < CLIP_RUN_SAMPLES) return;
    this.clippedRuns++;
    if (length > this.longestRun) {
      this.longestRun = length;
      this.worstClipFrame = this.runStarts[channel]!;
    }
  }
}
