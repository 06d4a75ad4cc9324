import { z } from 'zod';

// The streaming preview (issue 54 item 3): how each platform will play a master (its loudness
// normalisation) and what lossy encoding does to its peaks.

/**
 * Each platform's reference level and whether it raises quieter tracks. Sources: Spotify for Artists,
 * "Loudness normalization" (-14 LUFS; quieter tracks are raised only as far as -1 dBTP of peak room);
 * Apple's "Mastered for iTunes"/Apple Digital Masters notes (Sound Check, -16 LUFS, both ways); YouTube,
 * Tidal, Amazon Music (-14 LUFS) and Deezer (-15 LUFS) turn louder tracks down only, as measured and
 * summarised in the AES TD1008 "Recommendations for loudness of internet audio streaming" and the
 * platforms' help pages (figures as of 2025).
 */
export const STREAMING_REFERENCES = [
  { platform: 'Spotify', targetLufs: -14, raisesQuietTracks: true, raiseCeilingDbtp: -1 },
  { platform: 'Apple Music', targetLufs: -16, raisesQuietTracks: true, raiseCeilingDbtp: null },
  { platform: 'YouTube', targetLufs: -14, raisesQuietTracks: false, raiseCeilingDbtp: null },
  { platform: 'Tidal', targetLufs: -14, raisesQuietTracks: false, raiseCeilingDbtp: null },
  { platform: 'Amazon Music', targetLufs: -14, raisesQuietTracks: false, raiseCeilingDbtp: null },
  { platform: 'Deezer', targetLufs: -15, raisesQuietTracks: false, raiseCeilingDbtp: null },
] as const;
export type StreamingPlatform = (typeof STREAMING_REFERENCES)[number]['platform'];

/** The lossy encodings a master is tried with: what platforms and downloads turn it into. */
export const PREVIEW_CODECS = [
  { codec: 'mp3', label: 'MP3 320 kbps', encoder: 'libmp3lame', bitrate: '320k', container: 'mp3' },
  { codec: 'aac', label: 'AAC 256 kbps', encoder: 'aac', bitrate: '256k', container: 'adts' },
] as const;
export type PreviewCodec = (typeof PREVIEW_CODECS)[number]['codec'];

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

/** The texts of the preview, for the customer's order page and the engineer's dialog. */
export const STREAMING_PREVIEW_TEXTS = {
  heading: 'How streaming platforms will play it',
  platform: 'Platform',
  reference: 'Reference',
  gain: 'Gain applied',
  turnedDown: 'Turned down',
  codecHeading: 'After lossy encoding',
  codecNotMeasured: 'Encoded peaks are not measured on this server.',
  overs: (n: number) => (n === 0 ? 'no overs' : `${n.toLocaleString('en-US')} ${n === 1 ? 'over' : 'overs'}`),
  oversFlag:
    'Encoding this master produces overs (samples past full scale); lower the limiter ceiling to -1 dBTP or below before delivering.',
  playAsOn: (platform: string) => `Play as on ${platform}`,
  playAsOnHint: (platform: string, gainDb: number) =>
    `Plays the master with ${platform}'s gain (${gainDb > 0 ? '+' : ''}${gainDb.toFixed(1)} dB), as a listener there hears it.`,
} as const;
