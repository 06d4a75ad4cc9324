import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ANALYSIS_ERRORS, MIN_ANALYSIS_SECONDS, SILENCE_LUFS, type AnalysisStatus } from '@mastering/contracts';
import { chooseDecoder, READERS, type DecoderReport, type Reader } from './decoders';
import { DEFAULT_LIMITS, spawnFenced, type DecoderLimits, type Spawner } from './fence';
import { jailHost, unjailedExit } from './jail';
import { parseDecodeProblems, parseLoudnessSummary } from './ffmpeg-report';
import { PeakAccumulator } from './peaks';
import { SNIFF_BYTES, sniffAudioFormat } from '@mastering/storage';

/**
 * The tool: FFmpeg's `ebur128` filter (ITU-R BS.1770-4 / EBU R128 integrated loudness, loudness range,
 * 4x-oversampled true peak), run fenced on each upload (see `decoders.ts` for which FFmpeg, `fence.ts`
 * for the fence). FFmpeg also decodes every format customers send (WAV, AIFF, FLAC, MP3, M4A); a WASM
 * meter would still need a decoder per format. The version is stored with each result.
 */
export const ANALYSER_VERSION = 'ffmpeg-ebur128-fenced/2';

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
  /** The ffmpeg program to run; by default FFMPEG_PATH; without either (or when empty), FFmpeg from node-av. */
  ffmpegPath?: string;
  /** The decoder is killed after this long, reading included (a 500 MB file takes well under a minute). */
  timeoutMs?: number;
  /** Memory and CPU limits of the decoder process (DEFAULT_LIMITS where not given). */
  limits?: Partial<DecoderLimits>;
  /** Starts the decoder process (tests watch it). */
  spawn?: Spawner;
};

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** The first bytes of the file at `path` (fewer when it is shorter). */
async function readFileHead(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await file.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The first bytes of `stream`, and a stream that still yields every byte: the same one with the head
 * put back, or, when the head was all there was, a new one holding it.
 */
function readStreamHead(stream: Readable): Promise<{ head: Buffer; stream: Readable }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stopListening = () => stream.off('data', onData).off('end', onEnd).off('error', reject).off('close', onClose);
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length < SNIFF_BYTES) return;
      stopListening();
      stream.pause();
      stream.unshift(Buffer.concat(chunks));
      resolve({ head: Buffer.concat(chunks), stream });
    };
    const onEnd = () => {
      stopListening();
      resolve({ head: Buffer.concat(chunks), stream: Readable.from([Buffer.concat(chunks)]) });
    };
    // Destroyed (by the time limit) before it ended.
    const onClose = () => reject(new Error('the stream was closed before its first bytes were read'));
    stream.on('data', onData).once('end', onEnd).once('error', reject).once('close', onClose);
  });
}

/** Whether the jail's nobody (as root) could not read the file at `path` that root can. */
export async function ownerOnlyForJail(path: string): Promise<boolean> {
  if (!jailHost()?.asRoot) return false;
  const mode = await stat(path).then(
    (s) => s.mode,
    () => null,
  );
  return mode !== null && (mode & 0o004) === 0;
}

/** One analysis under way: what the time limit and a failing storage read act on. */
type Run = {
  timedOut: boolean;
  /** The storage stream's first error, if it failed. */
  readError?: Error;
  /** Kills the decoder (once it runs). */
  kill(): void;
  /** Ends the decoder's input (once it reads a pipe). */
  closeInput(): void;
};

/**
 * Decodes an audio file with FFmpeg and measures it, streaming: the decoder reads the file (or the piped
 * stream) and this process only keeps running peaks, so memory stays flat whatever the file's size.
 * The format is sniffed from the first bytes and only that format's demuxer may read the file; bytes
 * that are none of the accepted formats are never handed to FFmpeg. A file that does not decode, breaks
 * off, is shorter than a second or is silent answers `error` with the reason from the contracts; a
 * failure of the machinery (decoder missing, storage read failing, time or CPU limit) throws.
 */
export async function analyseAudio(source: AudioSource, options: AnalyseOptions = {}): Promise<AudioAnalysis> {
  return (await measureAudio(source, options)).analysis;
}

/**
 * Also reads the decoded samples and the log: a filter graph with more branches than FILTER (its last
 * chain still ends in the float samples), and a tap that sees every chunk of samples and the stream's
 * channel count as soon as the log tells it.
 */
export type SampleTap = {
  filter: string;
  /** Called with the log so far, on every piece of it, until it returns true (it found what it needs). */
  onLog(logSoFar: string): boolean;
  push(chunk: Buffer): void;
};

/** What one decode yields: the analysis, and the decoder's log for any further branch of the graph to be read from. */
export type Measured = { analysis: AudioAnalysis; log: string };

/** `analyseAudio` with an optional tap on the samples and the log (the mix check's one decode pass). */
export async function measureAudio(
  source: AudioSource,
  options: AnalyseOptions = {},
  tap?: SampleTap,
): Promise<Measured> {
  const run: Run = { timedOut: false, kill: () => undefined, closeInput: () => undefined };
  // Jailed from root, the decoder reads its file as nobody: one only its owner may read (written under
  // a umask of 077) is piped in instead, as an object from S3 is.
  if ('path' in source && (await ownerOnlyForJail(source.path))) source = { stream: createReadStream(source.path) };
  if ('stream' in source) {
    // A storage read that fails midway must not pass for a file that ends early: remember it, and
    // close the decoder's input so that it finishes.
    source.stream.once('error', (err) => {
      run.readError = err;
      run.closeInput();
    });
  }
  // Our own time limit with SIGKILL: ffmpeg catches SIGTERM and exits like a failed decode, which would
  // flag a good file as broken. It covers reading the first bytes too (a stalled storage read).
  const limitMs = options.timeoutMs ?? 15 * 60_000;
  const timer = setTimeout(() => {
    run.timedOut = true;
    run.kill();
    if ('stream' in source) source.stream.destroy();
  }, limitMs);
  try {
    return await sniffAndDecode(source, options, run, tap);
  } catch (err) {
    if (run.timedOut)
      throw new Error(`ffmpeg was stopped after ${limitMs} ms (the time limit) before it finished the analysis`);
    // Failures of the machinery, not of the file: thrown, so the job is tried again.
    if (run.readError) throw new Error(`Reading the file from storage failed: ${run.readError.message}`);
    throw err;
  } finally {
    clearTimeout(timer);
    if ('stream' in source) source.stream.destroy();
  }
}

/**
 * The reader of the format the first bytes show (null when they are none of the accepted formats), and
 * the source to read from then on (a stream gets its first bytes put back).
 */
export async function sniffReader(source: AudioSource): Promise<{ reader: Reader | null; source: AudioSource }> {
  let head: Buffer;
  if ('path' in source) head = await readFileHead(source.path);
  else {
    const read = await readStreamHead(source.stream);
    head = read.head;
    source = { stream: read.stream };
  }
  const format = sniffAudioFormat(head);
  return { reader: format ? READERS[format] : null, source };
}

/** Sniffs the format from the first bytes, then decodes with that format's demuxer (or refuses the file). */
async function sniffAndDecode(
  source: AudioSource,
  options: AnalyseOptions,
  run: Run,
  tap?: SampleTap,
): Promise<Measured> {
  const sniffed = await sniffReader(source);
  if (!sniffed.reader) return { analysis: unusableFile(ANALYSIS_ERRORS.notDecodable), log: '' };
  return decode(sniffed.source, sniffed.reader, options, run, tap);
}

/** Runs the decoder fenced on `source`, read by `reader` only, and judges what it reports. */
async function decode(
  source: AudioSource,
  reader: Reader,
  options: AnalyseOptions,
  run: Run,
  tap?: SampleTap,
): Promise<Measured> {
  const decoder = chooseDecoder(options.ffmpegPath ?? process.env.FFMPEG_PATH);
  // `file:` so that no file name is ever taken for another of ffmpeg's protocols (`concat:`, `http:`...).
  const input = 'path' in source ? `file:${source.path}` : 'pipe:0';
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { child, jailed } = spawnFenced(
    decoder.command,
    decoder.args(reader, input, tap?.filter),
    {
      limits,
      stdio: ['path' in source ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      // The jail shows the decoder its own files and the one file it reads, nothing else.
      binds: [...decoder.files, ...('path' in source ? [source.path] : [])],
    },
    options.spawn,
  );
  run.kill = () => child.kill('SIGKILL');
  const peaks = new PeakAccumulator();
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    peaks.push(chunk);
    tap?.push(chunk);
  });
  let tapFed = !tap;
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    // The log is small (frame logging is off); the cap only guards against a decoder repeating itself.
    if (stderr.length < 1_000_000) stderr += text;
    if (!tapFed) tapFed = tap!.onLog(stderr);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  if ('stream' in source) {
    // The decoder stops reading when it gives up on a file (or is stopped); the broken pipe is expected
    // then. (Not `pipeline`: it would destroy the source with that error, which would then pass for a
    // failed storage read.)
    child.stdin!.on('error', () => undefined);
    run.closeInput = () => child.stdin!.destroy();
    if (run.readError) run.closeInput();
    else source.stream.pipe(child.stdin!);
  }
  const exit = await exited;
  const { code, signal } = jailed ? unjailedExit(exit.code, exit.signal) : exit;
  if (run.readError) throw run.readError;
  // bwrap could not make the jail (a bind, a namespace): the machinery's failure, not the file's.
  if (jailed && /^bwrap: /m.test(stderr)) throw new Error(`The decoder's jail did not start: ${stderr.trim()}`);
  // prlimit could not start it (126, 127: as a shell says it).
  if ((code === 126 || code === 127) && /failed to execute/.test(stderr))
    throw new Error(`The decoder did not start: ${stderr.trim()}`);
  if (signal) throw new Error(`ffmpeg was stopped (${signal}) before it finished the analysis`);
  // The ffmpeg program turns the CPU limit's SIGXCPU into an orderly exit; it is still not the file's fault.
  const caught = /received signal (\d+)/.exec(stderr);
  if (caught) throw new Error(`ffmpeg was stopped (signal ${caught[1]}) before it finished the analysis`);
  const report = decoder.report(stderr);
  return { analysis: judge(code, report, peaks), log: report.log };
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

/** Turns the decoder's exit, report and decoded samples into the analysis (measurements or the error). */
function judge(code: number | null, { format, log }: DecoderReport, peaks: PeakAccumulator): AudioAnalysis {
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

  if (!format || (peaks.samples === 0 && (code !== 0 || problems.errors.length > 0)))
    return error(ANALYSIS_ERRORS.notDecodable);
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
  if (measured.integratedLufs === null || measured.integratedLufs <= SILENCE_LUFS)
    return { ...measured, status: 'error', errorReason: ANALYSIS_ERRORS.silent };
  return measured;
}
