import { z } from 'zod';
import { formatDuration } from './analysis';
import { MIX_CHECKS } from './mix-check-texts';

// The mix check (issue 54 item 1): what the fenced decoder measures of every upload before payment,
// and the findings a customer reads on the upload page (and staff in Audio Files and the order
// dialog). Each finding has a severity and one sentence of advice; nothing here blocks payment.

/** How much a finding matters: `ok` is a check passed, `problem` something to fix before mastering. */
export const MIX_SEVERITIES = ['ok', 'info', 'warning', 'problem'] as const;
export const MixSeverity = z.enum(MIX_SEVERITIES);
export type MixSeverity = z.infer<typeof MixSeverity>;

export const MixCheckName = z.enum(MIX_CHECKS);
export type MixCheckName = z.infer<typeof MixCheckName>;

export const MixFinding = z.object({
  check: MixCheckName,
  severity: MixSeverity,
  /** One sentence: what was measured and what to do. */
  advice: z.string(),
});
export type MixFinding = z.infer<typeof MixFinding>;

/** Everything measured in one decode of the file, and the findings drawn from it. Levels to 0.1. */
export const MixCheckReport = z.object({
  codec: z.string().nullable(),
  sampleRate: z.number().int().nullable(),
  bitDepth: z.number().int().nullable(),
  channels: z.number().int().nullable(),
  durationSeconds: z.number(),
  integratedLufs: z.number().nullable(),
  loudnessRangeLu: z.number().nullable(),
  truePeakDbtp: z.number().nullable(),
  samplePeakDbfs: z.number().nullable(),
  /** True peak minus integrated loudness (PLR), in dB. */
  peakToLoudnessDb: z.number().nullable(),
  /** Runs of at least CLIP_RUN_SAMPLES consecutive full-scale samples, all channels counted. */
  clippedRuns: z.number().int(),
  /** Where the longest run starts, in seconds; null when nothing clipped. */
  worstClipSeconds: z.number().nullable(),
  /** The largest channel mean, in percent of full scale (signed). */
  dcOffsetPercent: z.number(),
  /** Correlation of the first two channels, -1 (out of phase) to +1 (mono); null for a mono file. */
  stereoCorrelation: z.number().nullable(),
  /** RMS above HIGH_BAND_HZ minus RMS of the 10-15 kHz band, in dB; null when that band is empty. */
  highBandDropDb: z.number().nullable(),
  headSilenceSeconds: z.number(),
  tailSilenceSeconds: z.number(),
  findings: z.array(MixFinding),
});
export type MixCheckReport = z.infer<typeof MixCheckReport>;

/** `pending` until the worker has measured the upload; `error` when it is not usable audio. */
export const MIX_CHECK_STATUSES = ['pending', 'ok', 'error'] as const;
export const MixCheckStatus = z.enum(MIX_CHECK_STATUSES);
export type MixCheckStatus = z.infer<typeof MixCheckStatus>;

/** GET /api/files/upload/:id/mix-check (the uploading browser) and the staff reads of the same report. */
export const MixCheck = z.object({
  uploadId: z.uuid(),
  status: MixCheckStatus,
  /** Set when `status` is `error`: what is wrong with the file and what to do. */
  errorReason: z.string().nullable(),
  report: MixCheckReport.nullable(),
});
export type MixCheck = z.infer<typeof MixCheck>;

/** GET /api/admin/audio-files/:id/mix-check: the check of the customer's upload, null when none was made. */
export const AudioFileMixCheck = z.object({ fileId: z.uuid(), mixCheck: MixCheck.nullable() });
export type AudioFileMixCheck = z.infer<typeof AudioFileMixCheck>;

// Thresholds. Every studio's preparation page asks for the same: 24-bit, peaks a few dB below full
// scale, no limiter on the mix bus, no clipping.

/** Consecutive samples at full scale that count as one clip (one or two can be a legitimate peak). */
export const CLIP_RUN_SAMPLES = 3;
/** Clipped runs from which clipping is a problem rather than a warning. */
export const CLIP_PROBLEM_RUNS = 10;
/** Below this true peak a mix leaves the engineer headroom. */
export const HEADROOM_DBTP = -3;
/** A peak-to-loudness ratio below this means the mix was limited or squashed. */
export const LIMITED_PLR_DB = 8;
/** A DC offset (percent of full scale) from which it is worth removing, and from which it costs headroom. */
export const DC_OFFSET_NOTE_PERCENT = 0.1;
export const DC_OFFSET_WARN_PERCENT = 1;
/** Correlation below which the mono sum loses much, and below which channels largely cancel. */
export const CORRELATION_WARN = 0.1;
export const CORRELATION_PROBLEM = -0.2;
/** Lossy encoders cut everything above about 16 kHz; the high band starts above that cut. */
export const HIGH_BAND_HZ = 17_500;
/** The high band this far (dB) below the 10-15 kHz band means a cut-off: a file made from MP3 or AAC. */
export const LOSSY_CUTOFF_DROP_DB = 30;
/** Silence is below -60 dBFS; more than this much of it at either end is worth trimming. */
export const SILENCE_DBFS = -60;
export const HEAD_SILENCE_SECONDS = 2;
export const TAIL_SILENCE_SECONDS = 5;
/** Mixes above this integrated loudness are already as loud as a master. */
export const LOUD_MIX_LUFS = -10;

const oneDecimal = (value: number) => value.toFixed(1);
const count = (n: number) => n.toLocaleString('en-US');
/** A time in the track, e.g. "1:23". */
const at = (seconds: number) => formatDuration(Math.floor(seconds));

/** The advice of each finding, by check and case: one sentence each. */
export const MIX_ADVICE = {
  formatGood: (description: string) => `${description}: a good format to master from.`,
  lossyFormat: (description: string) =>
    `${description} is a lossy format; export a lossless file (the format your project was mixed in) for the best master.`,
  sixteenBit: (description: string) =>
    `${description}: fine, but a 24-bit export gives the engineer more room below the noise floor.`,
  lowSampleRate: (description: string) =>
    `${description}: export at 44.1 kHz or higher, the rate your project runs at.`,
  mono: (description: string) => `${description}: if your song is stereo, export a stereo file.`,
  loudnessFine: (lufs: number, lra: number | null) =>
    `Your mix measures ${oneDecimal(lufs)} LUFS${lra === null ? '' : ` with ${oneDecimal(lra)} LU of loudness range`}: room for the engineer to work.`,
  loudMix: (lufs: number) =>
    `Your mix is already ${oneDecimal(lufs)} LUFS, as loud as a master; turn the mix bus down and let mastering add the loudness.`,
  headroomGood: (dbtp: number) => `Peaks reach ${oneDecimal(dbtp)} dBTP: good headroom.`,
  littleHeadroom: (dbtp: number) =>
    `Peaks reach ${oneDecimal(dbtp)} dBTP; export with 3 to 6 dB of headroom (peaks around -6 to -3 dBFS).`,
  overFullScale: (dbtp: number) =>
    `Peaks reach ${oneDecimal(dbtp)} dBTP, above full scale; turn the mix bus down so peaks sit around -6 to -3 dBFS.`,
  noClipping: 'No clipped samples.',
  clips: (runs: number, worstSeconds: number) =>
    `Your mix clips ${count(runs)} ${runs === 1 ? 'time' : 'times'} (the worst at ${at(worstSeconds)}); export with 3 to 6 dB of headroom.`,
  dynamicsFine: (plr: number) => `Peaks stand ${oneDecimal(plr)} dB above the loudness: no sign of a limiter.`,
  limited: (plr: number) =>
    `Peaks stand only ${oneDecimal(plr)} dB above the loudness, as with a limiter on the mix bus; bypass it and export again.`,
  noDcOffset: 'No DC offset.',
  dcOffset: (percent: number) =>
    `The waveform sits ${oneDecimal(Math.abs(percent))}% off centre (DC offset); add a high-pass filter around 20 Hz on the mix bus.`,
  monoFile: 'A mono file plays the same everywhere.',
  stereoFine: (correlation: number) =>
    `Stereo correlation ${correlation.toFixed(2)}: your mix holds up when played in mono.`,
  wideStereo: (correlation: number) =>
    `Stereo correlation ${correlation.toFixed(2)}: parts of your mix will thin out in mono; check wideners and phase on stereo tracks.`,
  outOfPhase: (correlation: number) =>
    `Stereo correlation ${correlation.toFixed(2)}: the channels are out of phase and will cancel in mono; flip the polarity of one side.`,
  fullBandwidth: 'Full bandwidth: no sign of an MP3 or AAC in the chain.',
  lossyCutoff: (dropDb: number) =>
    `Everything above about 16 kHz is missing (${oneDecimal(Math.abs(dropDb))} dB below the band under it), as in an MP3; export from your project, not from a compressed copy.`,
  lossyFileCutoff: 'Not checked: the file itself is lossy.',
  silenceFine: 'No long silence at the start or end.',
  silence: (head: number, tail: number) =>
    `${oneDecimal(head)} s of silence at the start and ${oneDecimal(tail)} s at the end; trim it, or tell us if it is intended.`,
} as const;
