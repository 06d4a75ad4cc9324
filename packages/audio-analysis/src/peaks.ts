import { WAVEFORM_POINTS } from '@mastering/contracts';

/** Blocks kept before neighbours are merged: bounds memory whatever the file's length. */
const MAX_BLOCKS = 4096;
/** Interleaved samples per block at the start: a 1 s file still gives more blocks than waveform points. */
const FIRST_BLOCK_SAMPLES = 64;

/**
 * Consumes decoded interleaved 32-bit float samples (ffmpeg's `f32le` output) chunk by chunk and keeps
 * what the analysis needs in bounded memory: the sample count, the highest absolute sample and the
 * peak of each block of samples. When the blocks reach MAX_BLOCKS, neighbours merge and blocks double
 * in length, so an hour-long file costs the same memory as a minute-long one.
 */
export class PeakAccumulator {
  /** Every sample seen, all channels counted (interleaved). */
  samples = 0;
  /** Highest absolute sample value seen (1.0 = full scale). */
  peak = 0;
  private blocks: number[] = [];
  private blockSamples = FIRST_BLOCK_SAMPLES;
  private current = 0;
  private inCurrent = 0;
  /** Bytes of a sample split across two chunks. */
  private carry: Buffer = Buffer.alloc(0);

  /** Adds one chunk of little-endian float32 bytes (chunks may split a sample). */
  push(chunk: Buffer): void {
    let bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    this.carry = Buffer.from(bytes.subarray(whole));
    bytes = bytes.subarray(0, whole);
    // A Float32Array view needs 4-byte alignment; pipe chunks usually have it, otherwise copy once.
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(bytes);
    const values = new Float32Array(aligned.buffer, aligned.byteOffset, whole / 4);
    let { current, inCurrent, peak } = this;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      const a = v < 0 ? -v : v;
      if (a > current) current = a;
      if (++inCurrent === this.blockSamples) {
        this.closeBlock(current);
        if (current > peak) peak = current;
        current = 0;
        inCurrent = 0;
      }
    }
    this.current = current;
    this.inCurrent = inCurrent;
    this.peak = Math.max(peak, current);
    this.samples += values.length;
  }

  /** `points` peak values in [0, 1] from start to end (fewer only when there are fewer blocks). */
  waveform(points = WAVEFORM_POINTS): number[] {
    const blocks = this.inCurrent > 0 ? [...this.blocks, this.current] : this.blocks;
    const n = blocks.length;
    if (n === 0) return [];
    const count = Math.min(points, n);
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const from = Math.floor((i * n) / count);
      const to = Math.max(from + 1, Math.floor(((i + 1) * n) / count));
      let max = 0;
      for (let j = from; j < to; j++) max = Math.max(max, blocks[j]!);
      // Float files may exceed full scale; the display clips there, the peak figures do not.
      out.push(Math.round(Math.min(1, max) * 10_000) / 10_000);
    }
    return out;
  }

  private closeBlock(value: number): void {
    this.blocks.push(value);
    if (this.blocks.length < MAX_BLOCKS) return;
    const merged: number[] = [];
    for (let i = 0; i < this.blocks.length; i += 2) merged.push(Math.max(this.blocks[i]!, this.blocks[i + 1] ?? 0));
    this.blocks = merged;
    this.blockSamples *= 2;
  }
}
