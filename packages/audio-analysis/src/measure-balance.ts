import { createReadStream } from 'node:fs';
import { ownerOnlyForJail, sniffReader, type AudioSource, type AnalyseOptions } from './analyse';
import { BALANCE_RATE, BalanceMeter } from './balance';
import { chooseDecoder } from './decoders';
import { DEFAULT_LIMITS, spawnFenced } from './fence';
import { parseLoudnessSummary } from './ffmpeg-report';
import { unjailedExit } from './jail';

/**
 * One graph for the coherence measures: ebur128 for the integrated loudness and range (as the analysis
 * measures them), and the samples as stereo float at 48 kHz for the short-term maximum and the bands.
 */
const BALANCE_FILTER = `asplit=2[meter][samples];[meter]ebur128=framelog=verbose,anullsink;[samples]aresample=${BALANCE_RATE},aformat=sample_fmts=flt:channel_layouts=stereo`;

/** A master's coherence measures (null: the file is not audio FFmpeg could measure). */
export type CoherenceMeasureResult = {
  integratedLufs: number;
  shortTermMaxLufs: number;
  loudnessRangeLu: number;
  balance: { lowDb: number; midDb: number; highDb: number };
} | null;

/**
 * Measures a master for its release's coherence table, with the analysis's fenced decoder (the sniffed
 * format's demuxer only, limits, jail). Throws when the machinery fails; null when the file has no
 * measurable audio.
 */
export async function measureBalance(
  source: AudioSource,
  options: AnalyseOptions = {},
): Promise<CoherenceMeasureResult> {
  if ('path' in source && (await ownerOnlyForJail(source.path))) source = { stream: createReadStream(source.path) };
  const sniffed = await sniffReader(source);
  if (!sniffed.reader) return null;
  source = sniffed.source;
  const decoder = chooseDecoder(options.ffmpegPath ?? process.env.FFMPEG_PATH);
  const input = 'path' in source ? `file:${source.path}` : 'pipe:0';
  const { child, jailed } = spawnFenced(
    decoder.command,
    decoder.args(sniffed.reader, input, BALANCE_FILTER),
    {
      limits: { ...DEFAULT_LIMITS, ...options.limits },
      stdio: ['path' in source ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      binds: [...decoder.files, ...('path' in source ? [source.path] : [])],
    },
    options.spawn,
  );
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15 * 60_000);
  const meter = new BalanceMeter();
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => meter.push(chunk));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => {
    if (stderr.length < 1_000_000) stderr += text;
  });
  if ('stream' in source) {
    child.stdin!.on('error', () => undefined);
    source.stream.pipe(child.stdin!);
  }
  try {
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) => resolve({ code, signal }));
    });
    const { signal } = jailed ? unjailedExit(exit.code, exit.signal) : exit;
    if (signal) throw new Error(`ffmpeg was stopped (${signal}) before it finished measuring`);
    if (jailed && /^bwrap: /m.test(stderr)) throw new Error(`The decoder's jail did not start: ${stderr.trim()}`);
    const summary = parseLoudnessSummary(decoder.report(stderr).log);
    const { shortTermMaxLufs, balance } = meter.result();
    if (summary?.integratedLufs == null || shortTermMaxLufs === null || !balance) return null;
    return {
      integratedLufs: summary.integratedLufs,
      shortTermMaxLufs,
      loudnessRangeLu: summary.loudnessRangeLu ?? 0,
      balance,
    };
  } finally {
    clearTimeout(timer);
    if ('stream' in source) source.stream.destroy();
  }
}
