// The streaming preview's reference table and texts (issue 54 item 3), in a module without schemas
// (those are in streaming-preview.ts), as the design system's table and the order page's player read them.

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
  { codec: 'aac', label: 'AAC 256 kbps', encoder: 'aac', bitrate: '256k', container: 'mp4' },
] as const;
export type PreviewCodec = (typeof PREVIEW_CODECS)[number]['codec'];

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
