import { z } from 'zod';
import { AUDIO_FORMAT_LIST } from './audio-formats';
import { StreamingPreview } from './streaming-preview';
import { STREAMING_REFERENCES } from './streaming-references';

// Audio analysis of an order's files: measured loudness (ITU-R BS.1770 / EBU R128), peaks, format and
// a small waveform, for the original upload and for the engineer's master.

/** Which file of an order file is analysed: the customer's upload or the engineer's master. */
export const ANALYSIS_ROLES = ['original', 'master'] as const;
export const AnalysisRole = z.enum(ANALYSIS_ROLES);
export type AnalysisRole = z.infer<typeof AnalysisRole>;

/** `ok`: measured; `error`: the file cannot be used as it is (the reason says why). */
export const ANALYSIS_STATUSES = ['ok', 'error'] as const;
export const AnalysisStatus = z.enum(ANALYSIS_STATUSES);
export type AnalysisStatus = z.infer<typeof AnalysisStatus>;

/** How many peak values a waveform has: enough for a full-width strip, small enough to store per file. */
export const WAVEFORM_POINTS = 300;

/** Streaming platforms recommend a true peak of at most -1 dBTP; a master above it is flagged. */
export const TRUE_PEAK_LIMIT_DBTP = -1;

/** A file shorter than this cannot be a track (and leaves the loudness meter too little to gate). */
export const MIN_ANALYSIS_SECONDS = 1;

/** The integrated loudness below which a file counts as silent (EBU R128's absolute gate). */
export const SILENCE_LUFS = -70;

/** Why a file was flagged `error`: the reason shown to the engineer and, for originals, the customer. */
export const ANALYSIS_ERRORS = {
  notDecodable: `The file could not be read as audio. Please send it again as ${AUDIO_FORMAT_LIST}.`,
  missing: 'The file is missing from storage. Please upload it again.',
  silent: 'The file is silent: it contains no audible sound. Please check that you exported the right file.',
  tooShort: (seconds: number) =>
    `The file is only ${seconds.toFixed(2)} s long; a track must be at least ${MIN_ANALYSIS_SECONDS} second.`,
  truncated: (seconds: number) =>
    `The file is incomplete: its audio breaks off after ${seconds.toFixed(1)} s (the upload or export was cut short). Please upload the whole file again.`,
  damaged: (seconds: number) =>
    `The file is damaged: its audio could not be read past ${seconds.toFixed(1)} s. Please export it again and upload the new copy.`,
} as const;

/** The stored result of analysing one file, as the admin API answers it. Levels are rounded to 0.1. */
export const FileAnalysis = z.object({
  fileId: z.uuid(),
  role: AnalysisRole,
  status: AnalysisStatus,
  /** Set when `status` is `error`: what is wrong and what to do. */
  errorReason: z.string().nullable(),
  /** Which analyser produced it (results of another version are measured again, never mixed). */
  analyserVersion: z.string(),
  /** Integrated loudness in LUFS. */
  integratedLufs: z.number().nullable(),
  /** Loudness range in LU. */
  loudnessRangeLu: z.number().nullable(),
  /** Highest sample value in dBFS (null for digital silence). */
  samplePeakDbfs: z.number().nullable(),
  /** Highest inter-sample (true) peak in dBTP. */
  truePeakDbtp: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  sampleRate: z.number().int().nullable(),
  /** Bits per sample of a PCM or lossless file; null for lossy formats, which have none. */
  bitDepth: z.number().int().nullable(),
  channels: z.number().int().nullable(),
  /** The decoder's codec name, e.g. `pcm_s24le`, `flac`, `mp3`. */
  codec: z.string().nullable(),
  /** Up to WAVEFORM_POINTS peak values in [0, 1], from start to end. */
  waveform: z.array(z.number().min(0).max(1)),
  /** A master's streaming preview, once measured (see streaming-preview.ts). */
  streamingPreview: StreamingPreview.nullish(),
  analysedAt: z.iso.datetime(),
});
export type FileAnalysis = z.infer<typeof FileAnalysis>;

/** GET /api/admin/audio-files/:id/analysis — the original and (once it exists) the master, side by side. */
export const AudioFileAnalysis = z.object({
  fileId: z.uuid(),
  original: FileAnalysis.nullable(),
  master: FileAnalysis.nullable(),
  /** Master minus original integrated loudness in dB, when both were measured. */
  gainChangeDb: z.number().nullable(),
  /** True when the master's true peak is above TRUE_PEAK_LIMIT_DBTP. */
  masterTruePeakTooHigh: z.boolean(),
});
export type AudioFileAnalysis = z.infer<typeof AudioFileAnalysis>;

/** What an audio-file row shows of its analysis: the measured figures without the waveforms. */
export const AnalysisSummary = z.object({
  /** The original's analysis state: pending until measured, error when the file is unusable. */
  status: AnalysisStatus.or(z.literal('pending')),
  errorReason: z.string().nullable(),
  lufs: z.number().nullable(),
  truePeakDbtp: z.number().nullable(),
  durationSeconds: z.number().nullable(),
  /** The master's integrated loudness, once it is measured. */
  masterLufs: z.number().nullable(),
  masterTruePeakTooHigh: z.boolean(),
});
export type AnalysisSummary = z.infer<typeof AnalysisSummary>;

/** The row summary of a file's analysis (see AnalysisSummary). */
export function summariseAnalysis({ original, master, masterTruePeakTooHigh }: AudioFileAnalysis): AnalysisSummary {
  return {
    status: original?.status ?? 'pending',
    errorReason: original?.errorReason ?? null,
    lufs: original?.integratedLufs ?? null,
    truePeakDbtp: original?.truePeakDbtp ?? null,
    durationSeconds: original?.durationSeconds ?? null,
    masterLufs: master?.status === 'ok' ? master.integratedLufs : null,
    masterTruePeakTooHigh,
  };
}

/** A file of an order that the customer must send again, with the reason (for the order confirmation). */
export const FileNeedingReplacement = z.object({
  fileId: z.uuid(),
  originalName: z.string(),
  reason: z.string(),
});
export type FileNeedingReplacement = z.infer<typeof FileNeedingReplacement>;

/** One line a customer reads about a file to replace: which file, why, and how. */
export const replaceFileMessage = ({ originalName, reason }: Pick<FileNeedingReplacement, 'originalName' | 'reason'>) =>
  `"${originalName}" needs replacing. ${reason} Open your order page (View your order) and use Replace file to upload a new one; the rest of your order goes ahead as normal.`;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Master minus original integrated loudness (dB, to 0.1), or null unless both were measured. */
export function gainChangeDb(
  original: Pick<FileAnalysis, 'integratedLufs'> | null,
  master: Pick<FileAnalysis, 'integratedLufs'> | null,
): number | null {
  if (original?.integratedLufs == null || master?.integratedLufs == null) return null;
  return round1(master.integratedLufs - original.integratedLufs);
}

/** True when a true peak is above what streaming platforms accept (-1 dBTP). */
export const truePeakTooHigh = (truePeakDbtp: number | null | undefined) =>
  truePeakDbtp != null && truePeakDbtp > TRUE_PEAK_LIMIT_DBTP;

/**
 * The major platforms' loudness normalisation: each plays tracks at its reference level. Spotify and
 * Apple Music (Sound Check) also raise quieter tracks; YouTube only turns louder ones down.
 */
export const STREAMING_PLATFORMS = (['Spotify', 'YouTube', 'Apple Music'] as const).map((name) => {
  // The figures live in one table, with their sources (streaming-preview.ts).
  const { platform, targetLufs, raisesQuietTracks } = STREAMING_REFERENCES.find((p) => p.platform === name)!;
  return { platform, targetLufs, raisesQuietTracks };
});

/** Below this difference (dB) a platform's change is inaudible, so it is described as no change. */
const SAME_LEVEL_DB = 0.5;

/** What one platform does to a track of `lufs`: the gain it applies (dB) and that in words. */
export function platformNormalisation(lufs: number) {
  return STREAMING_PLATFORMS.map(({ platform, targetLufs, raisesQuietTracks }) => {
    const difference = round1(targetLufs - lufs);
    const changeDb = difference > 0 && !raisesQuietTracks ? 0 : difference;
    let words: string;
    if (Math.abs(difference) < SAME_LEVEL_DB) words = `plays at about the same level on ${platform}`;
    else if (changeDb < 0) words = `plays ${(-changeDb).toFixed(1)} dB quieter on ${platform}`;
    else if (changeDb > 0) words = `plays ${changeDb.toFixed(1)} dB louder on ${platform}`;
    else words = `plays as it is on ${platform} (it does not turn quieter tracks up)`;
    return { platform, targetLufs, changeDb, words };
  });
}

/**
 * The master's loudness in plain words for the customer, e.g. "Your master measures -9.1 LUFS: it plays
 * 4.9 dB quieter on Spotify, 4.9 dB quieter on YouTube and 6.9 dB quieter on Apple Music."
 */
export function loudnessInPlainWords(lufs: number): string {
  // Every platform's words start "plays ...": said once, before the first.
  const parts = platformNormalisation(lufs).map((p, i) => (i === 0 ? p.words : p.words.replace(/^plays /, '')));
  const list = `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `Your master measures ${round1(lufs).toFixed(1)} LUFS: it ${list}.`;
}

/** A duration as m:ss (h:mm:ss from an hour), e.g. 3:07. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

const CODEC_NAMES: Record<string, string> = {
  flac: 'FLAC',
  mp3: 'MP3',
  aac: 'AAC',
  alac: 'ALAC',
  vorbis: 'Ogg Vorbis',
  opus: 'Opus',
  wavpack: 'WavPack',
};
const CHANNEL_NAMES: Record<number, string> = { 1: 'mono', 2: 'stereo' };

/** A file's format for people, e.g. "PCM 24-bit · 48 kHz · stereo" or "MP3 · 44.1 kHz · stereo". */
export function describeAudioFormat(
  analysis: Pick<FileAnalysis, 'codec' | 'bitDepth' | 'sampleRate' | 'channels'>,
): string {
  const { codec, bitDepth, sampleRate, channels } = analysis;
  if (!codec) return 'Unknown format';
  const name = codec.startsWith('pcm_')
    ? codec.includes('_f')
      ? 'PCM float'
      : 'PCM'
    : (CODEC_NAMES[codec] ?? codec.toUpperCase());
  const parts = [bitDepth ? `${name} ${bitDepth}-bit` : name];
  if (sampleRate) parts.push(`${Number((sampleRate / 1000).toFixed(1))} kHz`);
  if (channels) parts.push(CHANNEL_NAMES[channels] ?? `${channels} channels`);
  return parts.join(' · ');
}

/** A level with its unit to one decimal, or a dash when it was not measured (e.g. "-9.1 LUFS"). */
export const formatLevel = (value: number | null | undefined, unit: 'LUFS' | 'LU' | 'dBTP' | 'dBFS' | 'dB') =>
  value == null ? '–' : `${value > 0 && unit === 'dB' ? '+' : ''}${value.toFixed(1)} ${unit}`;
