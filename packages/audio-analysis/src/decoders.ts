// The two ways to run FFmpeg on an upload, chosen by configuration; both run fenced (fence.ts), read
// only the sniffed format's demuxer and decoders from a local file or a pipe, and write the samples to
// stdout and a log that `ffmpeg-report.ts` reads.
//
// - `FFMPEG_PATH` set (the Docker image): Debian's ffmpeg 5.1, security-maintained through apt, so a
//   rebuilt image has the fixes; a small dynamically linked program (57 MB peak RSS on a 10-minute file).
// - Otherwise (`npm install && npm start`, nothing installed by hand): FFmpeg 8.1 (jellyfin-ffmpeg, with
//   `ebur128`) from the npm package node-av. Its platform package (@seydx/node-av-linux-x64) carries the
//   libraries prebuilt inside the npm tarball, so it installs from the npm registry alone; node-av's
//   own install scripts are denied in the root package.json (one only checks for that package, the other
//   downloads an ffmpeg program from GitHub). It ships libraries, not an ffmpeg program, so
//   `node-av-runner.mjs` drives them in a Node child process (119 MB peak RSS). Kept current with npm.
//   Not chosen: @ffmpeg-installer (its newest linux-x64 is still ffmpeg 4.1 from 2018), ffmpeg-static
//   and ffmpeg-for-homebridge (download at install), ffmpeg.wasm (needs the whole file in memory).
import { createRequire } from 'node:module';
import path from 'node:path';
import { bitDepthOf, parseStreamFormat, type StreamFormat } from './ffmpeg-report';
import type { AudioFormat } from '@mastering/contracts';

/** What may read a file of one format: FFmpeg's demuxer, and the decoders of the codecs it may carry. */
export type Reader = { demuxer: string; decoders: string[] };

const PCM_LE = ['pcm_u8', 'pcm_s16le', 'pcm_s24le', 'pcm_s32le', 'pcm_f32le', 'pcm_f64le'];
const PCM_BE = ['pcm_s8', 'pcm_s16be', 'pcm_s24be', 'pcm_s32be', 'pcm_f32be', 'pcm_f64be', 'pcm_s16le'];
const MP3 = ['mp3float', 'mp3'];

/**
 * Each format's demuxer and decoders: the ones real music files of that format use. Most of FFmpeg's
 * security fixes are in demuxers and decoders, so everything else (a WAV claiming ADPCM, an M4A
 * carrying some video codec's idea of audio) is refused rather than parsed.
 */
export const READERS: Record<AudioFormat, Reader> = {
  wav: { demuxer: 'wav', decoders: PCM_LE },
  aiff: { demuxer: 'aiff', decoders: PCM_BE },
  flac: { demuxer: 'flac', decoders: ['flac'] },
  mp3: { demuxer: 'mp3', decoders: MP3 },
  m4a: { demuxer: 'mov', decoders: ['aac', 'aac_fixed', 'alac', ...MP3] },
};

/**
 * The analysis in one filter graph, two branches: ebur128 measures (its audio goes nowhere), and the
 * untouched samples come out as float32 for the sample peak, the exact duration and the waveform.
 * ebur128 resamples to 48 kHz internally, so the sample peak is taken from the file's own samples.
 */
export const FILTER =
  'asplit=2[meter][samples];[meter]ebur128=peak=true:framelog=verbose,anullsink;[samples]aformat=sample_fmts=flt';

/** The only protocols a decoder may open: the file named on its command line, or its stdin. */
export const PROTOCOLS = 'file,pipe';

/** What a decoder run leaves to judge: the input stream's format (null when none was found) and the log. */
export type DecoderReport = { format: StreamFormat | null; log: string };

/** How to run one decoder and read what it reports. */
export type Decoder = {
  name: string;
  command: string;
  /** Files and folders it needs besides the system's (/usr) and its command: what its jail shows it. */
  files: string[];
  /**
   * Arguments that read `input` (`file:<path>` or `pipe:0`) with this reader's demuxer and decoders only,
   * through `filter` (FILTER unless given).
   */
  args(reader: Reader, input: string, filter?: string): string[];
  /** Its report, from everything it wrote on stderr. */
  report(stderr: string): DecoderReport;
};

/** The ffmpeg program at `path`. */
export function ffmpegProgram(path: string): Decoder {
  return {
    name: `ffmpeg (${path})`,
    command: path,
    files: [],
    args: ({ demuxer, decoders }, input, filter = FILTER) => [
      ...['-hide_banner', '-nostats', '-loglevel', 'level+info'],
      // Input options: this demuxer and no other (no probing), these decoders, no protocol but these.
      ...[
        '-f',
        demuxer,
        '-format_whitelist',
        demuxer,
        '-codec_whitelist',
        decoders.join(','),
        '-protocol_whitelist',
        PROTOCOLS,
        '-i',
        input,
      ],
      ...['-filter_complex', `[0:a:0]${filter}[out]`, '-map', '[out]', '-c:a', 'pcm_f32le', '-f', 'f32le', 'pipe:1'],
    ],
    report: (log) => ({ format: parseStreamFormat(log), log }),
  };
}

/** The stream as `node-av-runner.mjs` describes it. */
type RunnerFormat = {
  codec: string;
  sampleRate: number;
  channels: number | null;
  sampleFormat: string;
  rawBits: number | null;
};

const REPORT_LINE = /^REPORT (\{.*\})$/m;

/** The folder of the package that `file` (resolved inside it) belongs to: the nearest one named `name`. */
function packageFolder(file: string, name: string): string {
  let dir = path.dirname(file);
  while (!dir.endsWith(`${path.sep}${name}`)) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`${file} is not inside the package ${name}`);
    dir = up;
  }
  return dir;
}

/** The packages the runner loads, as it finds them: node-av, and its prebuilt FFmpeg for this platform. */
function nodeAvFolders(runner: string): string[] {
  const nodeAv = packageFolder(createRequire(runner).resolve('node-av/lib'), 'node-av');
  const platform = `@seydx/node-av-${process.platform}-${process.arch}`;
  const binary = createRequire(path.join(nodeAv, 'package.json')).resolve(`${platform}/node-av.node`);
  return [nodeAv, packageFolder(binary, platform)];
}

/** FFmpeg's libraries from node-av, in a Node child process running `node-av-runner.mjs`. */
export function nodeAvRunner(): Decoder {
  // Resolved through the package's own name, so it is found from the sources and from a bundled service alike.
  const runner = createRequire(import.meta.url).resolve('@mastering/audio-analysis/node-av-runner');
  return {
    name: 'node-av',
    command: process.execPath,
    files: [runner, ...nodeAvFolders(runner)],
    args: ({ demuxer, decoders }, input, filter = FILTER) => [runner, demuxer, decoders.join(','), input, filter],
    report(stderr) {
      const line = REPORT_LINE.exec(stderr);
      // No report means the runner itself failed (a crash, a limit), which is the machinery's failure.
      if (!line) throw new Error(`the node-av decoder stopped without a report: ${stderr.slice(-500).trim()}`);
      const { format, log } = JSON.parse(line[1]!) as { format: RunnerFormat | null; log: string };
      if (!format) return { format: null, log };
      const { codec, sampleRate, channels, sampleFormat, rawBits } = format;
      return {
        format: {
          codec,
          sampleRate,
          channels,
          bitDepth: bitDepthOf(codec, sampleFormat, rawBits === null ? undefined : String(rawBits)),
        },
        log,
      };
    },
  };
}

/** The decoder the configuration asks for: the ffmpeg program at `ffmpegPath` when set, else node-av. */
export function chooseDecoder(ffmpegPath: string | undefined): Decoder {
  return ffmpegPath ? ffmpegProgram(ffmpegPath) : nodeAvRunner();
}
