import { z } from 'zod';
import { STREAMING_REFERENCES } from './streaming-references';

// The streaming preview (issue 54 item 3): how each platform will play a master (its loudness
// normalisation) and what lossy encoding does to its peaks.

export const PlatformPlayback = z.object({
  platform: z.string(),
  targetLufs: z.number(),
  /** The gain the platform applies, in dB (negative: turned down). */
  gainDb: z.number(),
  turnedDown: z.boolean(),
});
export type PlatformPlayback = z.infer<typeof PlatformPlayback>;

export const CodecPeak = z.object({
  codec: z.enum(['mp3', 'aac']),
  label: z.string(),
  /** True peak of the decoded encoding, dBTP. */
  truePeakDbtp: z.number().nullable(),
  /** Decoded samples above full scale: each one clips on a fixed-point player. */
  overs: z.number().int(),
});
export type CodecPeak = z.infer<typeof CodecPeak>;

/** A master's streaming preview; `codecs` is empty when no encoder was available to try. */
export const StreamingPreview = z.object({
  integratedLufs: z.number(),
  truePeakDbtp: z.number().nullable(),
  platforms: z.array(PlatformPlayback),
  codecs: z.array(CodecPeak),
  /** True when an encoding has overs or a true peak above 0 dBTP: the engineer should lower the ceiling. */
  oversAfterEncoding: z.boolean(),
});
export type StreamingPreview = z.infer<typeof StreamingPreview>;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** How each platform plays a master of `lufs` and `truePeakDbtp`: the gain it applies and whether it turns it down. */
export function platformPlayback(lufs: number, truePeakDbtp: number | null): PlatformPlayback[] {
  return STREAMING_REFERENCES.map(({ platform, targetLufs, raisesQuietTracks, raiseCeilingDbtp }) => {
    let gain = targetLufs - lufs;
    if (gain > 0 && !raisesQuietTracks) gain = 0;
    // Spotify raises a quiet track only as far as its peaks allow.
    if (gain > 0 && raiseCeilingDbtp !== null && truePeakDbtp !== null)
      gain = Math.max(0, Math.min(gain, raiseCeilingDbtp - truePeakDbtp));
    const gainDb = round1(gain) === 0 ? 0 : round1(gain);
    return { platform, targetLufs, gainDb, turnedDown: gainDb < 0 };
  });
}

/** Whether any encoding of a master clips: overs counted, or a true peak above full scale. */
export const oversAfterEncoding = (codecs: readonly CodecPeak[]) =>
  codecs.some((c) => c.overs > 0 || (c.truePeakDbtp !== null && c.truePeakDbtp > 0));
