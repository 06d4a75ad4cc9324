import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { ANALYSIS_ERRORS, MIN_ANALYSIS_SECONDS, SILENCE_LUFS, type AnalysisStatus } from '@mastering/contracts';
import { parseDecodeProblems, parseLoudnessSummary, parseStreamFormat } from './ffmpeg-report';
import { PeakAccumulator } from './peaks';

/**
 * The tool: the ffmpeg 4.1 binary shipped inside the npm package `@ffmpeg-installer/linux-x64` (no
 * download at install, no system package), measuring with its `ebur128` filter (ITU-R BS.1770-4 / EBU
 * R128 integrated loudness, loudness range, 4x-oversampled true peak). ffmpeg also decodes every format
 * customers send (WAV, AIFF, FLAC, MP3, AAC/M4A, OGG); a WASM meter would still need a decoder per format.
 * The version is stored with each result, so results of another analyser are measured again.
 */
export const ANALYSER_VERSION = 'ffmpeg-4.1-ebur128/1';

/** Where the bytes come from: a local file (ffmpeg reads and may seek it) or a stream piped into ffmpeg. */
export type AudioSource = { path: string } | { stream: Readable };

/** The measurements of one file, or why it cannot be used (`status: 'error'` with a reason). */
export type AudioAnalysis = {
  status: AnalysisStatus;
  errorReason: string | null;
  integratedLufs: number | null;
  loudnessRangeLu: number | null;
  samplePeakDbfs: number | null;
  truePeakDbtp: number | null;
  durationSeconds: number | null;
  sampleRate: number | null;
  bitDepth: number | null;
  channels: number | null;
  codec: string | null;
  waveform: number[];
};

export type AnalyseOptions = {
  /** The ffmpeg binary; by default the one from `@ffmpeg-installer/ffmpeg`. */
  ffmpegPath?: string;
  /** ffmpeg is killed after this long (a 500 MB file takes well under a minute). */
  timeoutMs?: number;
};

let bundledFfmpeg: string | undefined;

/**
 * Path of the ffmpeg binary shipped in `@ffmpeg-installer/<platform>`. Resolved on first use: the
 * installer throws on a platform it has no binary for, which must not stop a service that only enqueues.
 */
export function ffmpegPath(): string {
  bundledFfmpeg ??= (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  return bundledFfmpeg;
}

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

// One decoding pass, two branches: ebur128 measures (its audio goes nowhere), and the untouched samples
// come out as float32 on stdout for the sample peak, the exact duration and the waveform. ebur128
// resamples to 48 kHz internally, so the sample peak is taken from the file's own samples instead.
const FILTER = '[0:a:0]asplit=2[meter][samples];[meter]ebur128=peak=true:framelog=verbose,anullsink;[samples]aformat=sample_fmts=flt[out]';

/**
 * Decodes an audio file with ffmpeg and measures it, streaming: ffmpeg reads the file (or the piped
 * stream) and this process only keeps running peaks, so memory stays flat whatever the file's size.
 * A file that does not decode, breaks off, is shorter than a second or is silent answers `error` with
 * the reason from the contracts; a failure of the tool itself (ffmpeg missing) throws.
 */
export async function analyseAudio(source: AudioSource, options: AnalyseOptions = {}): Promise<AudioAnalysis> {
  // `file:` so that no file name is ever taken for another of ffmpeg's protocols (`concat:`, `http:`...).
  const input = 'path' in source ? `file:${source.path}` : 'pipe:0';
  const args = ['-hide_banner', '-nostats', '-loglevel', 'level+info', '-i', input, '-filter_complex', FILTER, '-map', '[out]', '-c:a', 'pcm_f32le', '-f', 'f32le', 'pipe:1'];
  const child = spawn(options.ffmpegPath ?? ffmpegPath(), args, { stdio: ['path' in source ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  // Our own time limit with SIGKILL: ffmpeg catches SIGTERM (spawn's `timeout`) and exits like a
  // failed decode, which would flag a good file as broken.
  const limitMs = options.timeoutMs ?? 15 * 60_000;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, limitMs);
  const peaks = new PeakAccumulator();
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => peaks.push(chunk));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    // The log is small (frame logging is off); the cap only guards against a decoder repeating itself.
    if (log.length < 1_000_000) log += text;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  let sourceError: Error | undefined;
  if ('stream' in source) {
    // ffmpeg stops reading when it gives up on a file (or is stopped); the broken pipe is expected then.
    // (Not `pipeline`: it would destroy the source with that error, which would then pass for a failed
    // storage read.)
    child.stdin!.on('error', () => undefined);
    // A storage read that fails midway must not pass for a file that ends early: remember it, and
    // close ffmpeg's input so that it finishes.
    source.stream.once('error', (err) => {
      sourceError = err;
      child.stdin!.destroy();
    });
    source.stream.pipe(child.stdin!);
  }
  const { code, signal } = await exited.finally(() => clearTimeout(timer));
  if ('stream' in source) source.stream.destroy();
  if (timedOut) throw new Error(`ffmpeg was stopped after ${limitMs} ms (the time limit) before it finished the analysis`);
  // Failures of the machinery, not of the file: thrown, so the job is tried again.
  if (sourceError) throw new Error(`Reading the file from storage failed: ${sourceError.message}`);
  if (signal) throw new Error(`ffmpeg was stopped (${signal}) before it finished the analysis`);
  return judge({ code, log, peaks });
}

/** An analysis with nothing measured, flagged `error` with this reason (a file that is not there at all, say). */
export function unusableFile(errorReason: string | null): AudioAnalysis {
  return {
    status: 'error',
    errorReason,
    integratedLufs: null,
    loudnessRangeLu: null,
    samplePeakDbfs: null,
    truePeakDbtp: null,
    durationSeconds: null,
    sampleRate: null,
    bitDepth: null,
    channels: null,
    codec: null,
    waveform: [],
  };
}

/** Turns ffmpeg's exit, log and the decoded samples into the analysis (measurements or the error). */
function judge({ code, log, peaks }: { code: number | null; log: string; peaks: PeakAccumulator }): AudioAnalysis {
  const format = parseStreamFormat(log);
  const summary = parseLoudnessSummary(log);
  const problems = parseDecodeProblems(log);
  const frames = format?.channels ? peaks.samples / format.channels : 0;
  const durationSeconds = format ? frames / format.sampleRate : null;
  const base: AudioAnalysis = {
    ...unusableFile(null),
    status: 'ok',
    durationSeconds: durationSeconds === null ? null : Math.round(durationSeconds * 1000) / 1000,
    sampleRate: format?.sampleRate ?? null,
    bitDepth: format?.bitDepth ?? null,
    channels: format?.channels ?? null,
    codec: format?.codec ?? null,
  };
  const error = (errorReason: string): AudioAnalysis => ({ ...base, status: 'error', errorReason });

  if (!format || (peaks.samples === 0 && (code !== 0 || problems.errors.length > 0))) return error(ANALYSIS_ERRORS.notDecodable);
  if (problems.truncated) return error(ANALYSIS_ERRORS.truncated(durationSeconds ?? 0));
  if (code !== 0 || problems.errors.length > 0 || !summary) return error(ANALYSIS_ERRORS.damaged(durationSeconds ?? 0));
  if ((durationSeconds ?? 0) < MIN_ANALYSIS_SECONDS) return error(ANALYSIS_ERRORS.tooShort(durationSeconds ?? 0));

  const measured: AudioAnalysis = {
    ...base,
    integratedLufs: round1(summary.integratedLufs),
    loudnessRangeLu: round1(summary.loudnessRangeLu),
    samplePeakDbfs: peaks.peak > 0 ? round1(20 * Math.log10(peaks.peak)) : null,
    truePeakDbtp: round1(summary.truePeakDbtp),
    waveform: peaks.waveform(),
  };
  // ebur128 reports -70 LUFS (its absolute gate) when nothing in the file is loud enough to measure.
  if (measured.integratedLufs === null || measured.integratedLufs <= SILENCE_LUFS) return { ...measured, status: 'error', errorReason: ANALYSIS_ERRORS.silent };
  return measured;
}
