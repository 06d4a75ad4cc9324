import {
  CLIP_PROBLEM_RUNS,
  CORRELATION_PROBLEM,
  CORRELATION_WARN,
  DC_OFFSET_NOTE_PERCENT,
  DC_OFFSET_WARN_PERCENT,
  describeAudioFormat,
  HEAD_SILENCE_SECONDS,
  HEADROOM_DBTP,
  LIMITED_PLR_DB,
  LOSSY_CUTOFF_DROP_DB,
  LOUD_MIX_LUFS,
  MIX_ADVICE as A,
  MIX_CHECKS,
  TAIL_SILENCE_SECONDS,
  type MixCheckReport,
  type MixFinding,
} from '@mastering/contracts';
import { measureAudio, type AnalyseOptions, type AudioAnalysis, type AudioSource, type SampleTap } from './analyse';
import { FILTER } from './decoders';
import { parseStreamFormat } from './ffmpeg-report';
import { BandMeter } from './band-meter';
import { FloatChunks, MixMeter, type MixMeasures } from './mix-meter';

/** Which mix check made a report: stored with it, so a later version measures again. */
export const MIX_CHECK_VERSION = 'mix-check/1';

/**
 * Unpaid uploads get a short, bounded check: a wall-clock and a CPU limit above what a 500 MB WAV needs
 * (55 s with node-av's decoder on a loaded two-core machine, `npm run bench:analysis`), far below the
 * paid analysis's 15 minutes, so nobody can keep the worker busy for long without paying.
 */
export const UNPAID_CHECK_LIMITS: AnalyseOptions = { timeoutMs: 180_000, limits: { cpuSeconds: 180 } };

/** The stream's channels and rate as soon as the log tells them: node-av's early FORMAT line, or ffmpeg's stream line. */
function formatInLog(log: string): { channels: number; sampleRate: number } | null {
  const early = /^FORMAT (\{.*\})$/m.exec(log);
  // Whole lines only: a stream line cut in two would read as another layout.
  const format = early
    ? (JSON.parse(early[1]!) as { channels: number | null; sampleRate: number })
    : parseStreamFormat(log.slice(0, log.lastIndexOf('\n') + 1));
  return format?.channels ? { channels: format.channels, sampleRate: format.sampleRate } : null;
}

/** Chunks held while the channel count is not yet known; past this the check gives up rather than grow. */
const MAX_PENDING_BYTES = 32 * 1024 * 1024;

/** A tap that feeds the meters once the log has said how many channels the samples interleave, at what rate. */
function mixTap(): SampleTap & { measures(): MixMeasures | null; bands(): ReturnType<BandMeter['levels']> } {
  let meters: { mix: MixMeter; bands: BandMeter; floats: FloatChunks } | null = null;
  let pending: Buffer[] | null = [];
  let pendingBytes = 0;
  const feed = (chunk: Buffer) => {
    const values = meters!.floats.read(chunk);
    meters!.mix.push(values);
    meters!.bands.push(values);
  };
  return {
    filter: FILTER,
    onLog(log) {
      const format = formatInLog(log);
      if (!format || !pending) return false;
      const { channels, sampleRate } = format;
      meters = { mix: new MixMeter(channels), bands: new BandMeter(channels, sampleRate), floats: new FloatChunks() };
      for (const chunk of pending) feed(chunk);
      pending = [];
      return true;
    },
    push(chunk) {
      if (meters) return feed(chunk);
      if (!pending) return;
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes > MAX_PENDING_BYTES) pending = null;
    },
    measures: () => meters?.mix.result() ?? null,
    bands: () => meters?.bands.levels() ?? { high: null, band: null },
  };
}

/** The result of a mix check: the analysis (error when the file is unusable) and, when usable, the report. */
export type MixCheckResult = { analysis: AudioAnalysis; report: MixCheckReport | null };

/** Decodes the file once, fenced, and reports on the mix (see `mixReport`). */
export async function checkMix(
  source: AudioSource,
  options: AnalyseOptions = UNPAID_CHECK_LIMITS,
): Promise<MixCheckResult> {
  const tap = mixTap();
  const { analysis } = await measureAudio(source, options, tap);
  const measures = tap.measures();
  if (analysis.status !== 'ok' || !measures || !analysis.sampleRate) return { analysis, report: null };
  const bands = tap.bands();
  return { analysis, report: mixReport(analysis, measures, bands) };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
const LOSSY_CODECS = /^(mp3|mp3float|aac|aac_fixed|vorbis|opus)$/;

/** The report: the measures, rounded, and one finding per check with its severity and advice. */
export function mixReport(
  analysis: AudioAnalysis,
  measures: MixMeasures,
  bands: { high: number | null; band: number | null },
): MixCheckReport {
  const rate = analysis.sampleRate!;
  const dc = measures.channelMeans.reduce((worst, mean) => (Math.abs(mean) > Math.abs(worst) ? mean : worst), 0);
  const { integratedLufs: lufs, truePeakDbtp: peak } = analysis;
  const lossyCodec = LOSSY_CODECS.test(analysis.codec ?? '');
  const report: Omit<MixCheckReport, 'findings'> = {
    codec: analysis.codec,
    sampleRate: rate,
    bitDepth: analysis.bitDepth,
    channels: analysis.channels,
    durationSeconds: round(measures.frames / rate, 2),
    integratedLufs: lufs,
    loudnessRangeLu: analysis.loudnessRangeLu,
    truePeakDbtp: peak,
    samplePeakDbfs: analysis.samplePeakDbfs,
    peakToLoudnessDb: lufs !== null && peak !== null ? round(peak - lufs, 1) : null,
    clippedRuns: measures.clippedRuns,
    worstClipSeconds: measures.worstClipFrame === null ? null : round(measures.worstClipFrame / rate, 2),
    dcOffsetPercent: round(dc * 100, 2),
    stereoCorrelation: measures.correlation === null ? null : round(measures.correlation, 2),
    // Only meaningful where the band under the cut carries sound, and below the Nyquist frequency.
    highBandDropDb:
      bands.band !== null && bands.band > -70 && rate >= 44_100 ? round((bands.high ?? -150) - bands.band, 1) : null,
    headSilenceSeconds: round((measures.firstSoundFrame ?? measures.frames) / rate, 2),
    tailSilenceSeconds:
      measures.lastSoundFrame === null ? 0 : round((measures.frames - 1 - measures.lastSoundFrame) / rate, 2),
  };
  const findings = MIX_CHECKS.map((check) => FINDERS[check](report, lossyCodec));
  return { ...report, findings };
}

type Finder = (report: Omit<MixCheckReport, 'findings'>, lossyCodec: boolean) => MixFinding;
const finding = (check: MixFinding['check'], severity: MixFinding['severity'], advice: string): MixFinding => ({
  check,
  severity,
  advice,
});

/** One judgement per check: thresholds from the contracts, advice from MIX_ADVICE. */
const FINDERS: Record<MixFinding['check'], Finder> = {
  format(r, lossyCodec) {
    const description = describeAudioFormat(r);
    if (lossyCodec) return finding('format', 'warning', A.lossyFormat(description));
    if (r.sampleRate !== null && r.sampleRate < 44_100)
      return finding('format', 'warning', A.lowSampleRate(description));
    if (r.channels === 1) return finding('format', 'info', A.mono(description));
    if (r.bitDepth !== null && r.bitDepth < 24) return finding('format', 'info', A.sixteenBit(description));
    return finding('format', 'ok', A.formatGood(description));
  },
  loudness: (r) =>
    r.integratedLufs !== null && r.integratedLufs > LOUD_MIX_LUFS
      ? finding('loudness', 'warning', A.loudMix(r.integratedLufs))
      : finding('loudness', 'ok', A.loudnessFine(r.integratedLufs ?? 0, r.loudnessRangeLu)),
  truePeak(r) {
    const peak = r.truePeakDbtp ?? r.samplePeakDbfs ?? -100;
    if (peak > 0) return finding('truePeak', 'warning', A.overFullScale(peak));
    if (peak > HEADROOM_DBTP) return finding('truePeak', 'info', A.littleHeadroom(peak));
    return finding('truePeak', 'ok', A.headroomGood(peak));
  },
  clipping(r) {
    if (r.clippedRuns === 0) return finding('clipping', 'ok', A.noClipping);
    const severity = r.clippedRuns >= CLIP_PROBLEM_RUNS ? 'problem' : 'warning';
    return finding('clipping', severity, A.clips(r.clippedRuns, r.worstClipSeconds ?? 0));
  },
  limiter: (r) =>
    r.peakToLoudnessDb !== null && r.peakToLoudnessDb < LIMITED_PLR_DB
      ? finding('limiter', 'warning', A.limited(r.peakToLoudnessDb))
      : finding('limiter', 'ok', A.dynamicsFine(r.peakToLoudnessDb ?? 0)),
  dcOffset(r) {
    const percent = Math.abs(r.dcOffsetPercent);
    if (percent >= DC_OFFSET_WARN_PERCENT) return finding('dcOffset', 'warning', A.dcOffset(r.dcOffsetPercent));
    if (percent >= DC_OFFSET_NOTE_PERCENT) return finding('dcOffset', 'info', A.dcOffset(r.dcOffsetPercent));
    return finding('dcOffset', 'ok', A.noDcOffset);
  },
  stereo(r) {
    const c = r.stereoCorrelation;
    if (c === null) return finding('stereo', 'ok', A.monoFile);
    if (c < CORRELATION_PROBLEM) return finding('stereo', 'problem', A.outOfPhase(c));
    if (c < CORRELATION_WARN) return finding('stereo', 'warning', A.wideStereo(c));
    return finding('stereo', 'ok', A.stereoFine(c));
  },
  lossySource(r, lossyCodec) {
    if (lossyCodec) return finding('lossySource', 'info', A.lossyFileCutoff);
    if (r.highBandDropDb !== null && r.highBandDropDb < -LOSSY_CUTOFF_DROP_DB)
      return finding('lossySource', 'warning', A.lossyCutoff(r.highBandDropDb));
    return finding('lossySource', 'ok', A.fullBandwidth);
  },
  silence: (r) =>
    r.headSilenceSeconds > HEAD_SILENCE_SECONDS || r.tailSilenceSeconds > TAIL_SILENCE_SECONDS
      ? finding('silence', 'info', A.silence(r.headSilenceSeconds, r.tailSilenceSeconds))
      : finding('silence', 'ok', A.silenceFine),
};
