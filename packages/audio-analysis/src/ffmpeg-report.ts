// Reading what ffmpeg prints on stderr (run with `-loglevel level+info`, so each line says its level):
// the input stream's format, the ebur128 filter's summary, and the problems met while decoding.

/** The first audio stream of the input as ffmpeg describes it. */
export type StreamFormat = { codec: string; sampleRate: number; channels: number | null; bitDepth: number | null };

/** The ebur128 filter's summary. Levels are null when ffmpeg printed `-inf`. */
export type LoudnessSummary = {
  integratedLufs: number | null;
  loudnessRangeLu: number | null;
  truePeakDbtp: number | null;
};

// ffmpeg's named channel layouts (libavutil channel_layout_map); others print as "N channels".
const LAYOUT_CHANNELS: Record<string, number> = {
  mono: 1,
  stereo: 2,
  downmix: 2,
  '2.1': 3,
  '3.0': 3,
  '3.0(back)': 3,
  '4.0': 4,
  quad: 4,
  'quad(side)': 4,
  '3.1': 4,
  '5.0': 5,
  '5.0(side)': 5,
  '4.1': 5,
  '5.1': 6,
  '5.1(side)': 6,
  '6.0': 6,
  '6.0(front)': 6,
  hexagonal: 6,
  '6.1': 7,
  '6.1(back)': 7,
  '6.1(front)': 7,
  '7.0': 7,
  '7.0(front)': 7,
  '7.1': 8,
  '7.1(wide)': 8,
  '7.1(wide-side)': 8,
  octagonal: 8,
  hexadecagonal: 16,
};

/** Channel count of a layout name as ffmpeg prints it ("stereo", "5.1(side)", "3 channels"). */
export function channelsOfLayout(layout: string): number | null {
  const named = LAYOUT_CHANNELS[layout.trim()];
  if (named) return named;
  const counted = /^(\d+) channels/.exec(layout.trim());
  return counted ? Number(counted[1]) : null;
}

/**
 * Bits per sample: from a PCM codec's name (pcm_s24le), else from an integer decoder format ("s16",
 * "s32 (24 bit)") of a lossless codec. Lossy decoders output float, which says nothing of the file.
 */
export function bitDepthOf(codec: string, sampleFormat: string, rawBits: string | undefined): number | null {
  const pcm = /^pcm_[suf](\d+)/.exec(codec);
  if (pcm) return Number(pcm[1]);
  if (rawBits) return Number(rawBits);
  const integer = /^[su](\d+)p?$/.exec(sampleFormat);
  return integer ? Number(integer[1]) : null;
}

const STREAM_LINE =
  /Stream #0:\d+(?:\[[^\]]*\])?(?:\([^)]*\))?: Audio: ([^\s,]+)[^,]*, (\d+) Hz, ([^,]+), ([a-z0-9]+)(?: \((\d+) bit\))?/;

/** The input's first audio stream, from the `Input #0` part of the log; null when it has none. */
export function parseStreamFormat(log: string): StreamFormat | null {
  const inputPart = log.split(/Output #0/)[0] ?? '';
  const match = STREAM_LINE.exec(inputPart);
  if (!match) return null;
  const [, codec, rate, layout, sampleFormat, rawBits] = match;
  return {
    codec: codec!,
    sampleRate: Number(rate),
    channels: channelsOfLayout(layout!),
    bitDepth: bitDepthOf(codec!, sampleFormat!, rawBits),
  };
}

const level = (text: string | undefined) => (text === undefined || /inf/.test(text) ? null : Number(text));

/**
 * The ebur128 summary (integrated loudness, loudness range, true peak); null when none was printed.
 * The last one counts: ffmpeg builds the filter graph once before decoding and frees it, which prints
 * an empty summary first.
 */
export function parseLoudnessSummary(log: string): LoudnessSummary | null {
  const parts = log.split(/Summary:/);
  if (parts.length < 2) return null;
  const summary = parts[parts.length - 1]!;
  const integrated = /I:\s+(-?inf|-?\d+(?:\.\d+)?) LUFS/.exec(summary);
  const range = /LRA:\s+(-?\d+(?:\.\d+)?) LU\b/.exec(summary);
  const truePeak = /True peak:\s+Peak:\s+(-?inf|-?\d+(?:\.\d+)?) dBFS/.exec(summary);
  if (!integrated) return null;
  return {
    integratedLufs: level(integrated[1]),
    loudnessRangeLu: level(range?.[1]),
    truePeakDbtp: level(truePeak?.[1]),
  };
}

/** What went wrong while reading the file, as far as the log tells. */
export type DecodeProblems = { errors: string[]; truncated: boolean };

/** Lines logged at error level or worse, and whether the demuxer met a cut-off packet (a truncated file). */
export function parseDecodeProblems(log: string): DecodeProblems {
  const lines = log.split('\n');
  return {
    errors: lines
      .filter((line) => /\[(error|fatal|panic)\]/.test(line))
      .map((line) => line.replace(/^.*\[(error|fatal|panic)\]\s*/, '').trim()),
    // Logged when a read returns fewer bytes than the container promised (WAV, MP4), or when an MP3's
    // header counts more bytes than the file has: either way the file stops mid-stream.
    truncated: lines.some((line) => /corrupt input packet|partial file|filesize and duration do not match/.test(line)),
  };
}
