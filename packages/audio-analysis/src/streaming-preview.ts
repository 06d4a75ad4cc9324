import { existsSync } from 'node:fs';
import {
  oversAfterEncoding,
  platformPlayback,
  PREVIEW_CODECS,
  type CodecPeak,
  type StreamingPreview,
} from '@mastering/contracts';
import { measureAudio, sniffReader, type AnalyseOptions, type AudioAnalysis, type AudioSource } from './analyse';
import { FILTER, PROTOCOLS } from './decoders';
import { DEFAULT_LIMITS, spawnFenced } from './fence';
import { FloatChunks } from './mix-meter';

// What lossy encoding does to a master's peaks: it is encoded as each platform's codec would
// (PREVIEW_CODECS), fenced like every decode, and the encoding is decoded and measured by the same
// analysis (ebur128's true peak), counting the decoded samples past full scale.

/**
 * The ffmpeg program that encodes: the configured one (FFMPEG_PATH, the Docker image), else Debian's
 * where it is installed; null when there is none (node-av's libraries only decode here), and the
 * preview then leaves the encoded peaks out.
 */
export function encoderProgram(ffmpegPath = process.env.FFMPEG_PATH): string | null {
  if (ffmpegPath) return ffmpegPath;
  return existsSync('/usr/bin/ffmpeg') ? '/usr/bin/ffmpeg' : null;
}

/** Counts decoded samples past full scale: each one clips on a fixed-point player. */
function oversTap() {
  const floats = new FloatChunks();
  let overs = 0;
  return {
    filter: FILTER,
    onLog: () => true,
    push(chunk: Buffer) {
      for (const v of floats.read(chunk)) if (v > 1 || v < -1) overs++;
    },
    overs: () => overs,
  };
}

/**
 * Encodes the master with one codec, fenced, and measures the decoded encoding; null when the encoder
 * could not make it (the preview then lists the other codec only).
 */
async function codecPeak(
  open: () => Promise<AudioSource | null>,
  codec: (typeof PREVIEW_CODECS)[number],
  program: string,
  options: AnalyseOptions,
): Promise<CodecPeak | null> {
  const opened = await open();
  if (!opened) return null;
  const { reader, source } = await sniffReader(opened);
  if (!reader) return null;
  const input = 'path' in source ? `file:${source.path}` : 'pipe:0';
  const args = [
    ...['-hide_banner', '-nostats', '-loglevel', 'error'],
    ...['-f', reader.demuxer, '-format_whitelist', reader.demuxer, '-codec_whitelist', reader.decoders.join(',')],
    ...['-protocol_whitelist', PROTOCOLS, '-i', input, '-map', '0:a:0', '-map_metadata', '-1'],
    ...['-c:a', codec.encoder, '-b:a', codec.bitrate],
    // MP4 to a pipe must be fragmented (its index cannot be written back at the start).
    ...(codec.container === 'mp4' ? ['-f', 'mp4', '-movflags', 'frag_keyframe+empty_moov'] : ['-f', 'mp3']),
    'pipe:1',
  ];
  const { child } = spawnFenced(program, args, {
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    stdio: ['path' in source ? 'ignore' : 'pipe', 'pipe', 'ignore'],
    binds: 'path' in source ? [source.path] : [],
  });
  if ('stream' in source) {
    child.stdin!.on('error', () => undefined);
    source.stream.pipe(child.stdin!);
  }
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const tap = oversTap();
  try {
    const { analysis } = await measureAudio({ stream: child.stdout! }, options, tap);
    const code = await exited;
    if (code !== 0 || analysis.status !== 'ok') return null;
    return { codec: codec.codec, label: codec.label, truePeakDbtp: analysis.truePeakDbtp, overs: tap.overs() };
  } finally {
    child.kill('SIGKILL');
    if ('stream' in source) source.stream.destroy();
  }
}

/**
 * The streaming preview of a measured master: each platform's gain, and the true peak and overs after
 * MP3 and AAC encoding (left out when no encoder is available). `open` opens the master afresh for
 * each encoding.
 */
export async function streamingPreview(
  master: Pick<AudioAnalysis, 'integratedLufs' | 'truePeakDbtp'>,
  open: () => Promise<AudioSource | null>,
  options: AnalyseOptions = {},
): Promise<StreamingPreview | null> {
  if (master.integratedLufs === null) return null;
  const program = encoderProgram(options.ffmpegPath || undefined);
  const codecs: CodecPeak[] = [];
  if (program) {
    // One after the other: two cores are shared by everything.
    for (const codec of PREVIEW_CODECS) {
      const peak = await codecPeak(open, codec, program, options);
      if (peak) codecs.push(peak);
    }
  }
  return {
    integratedLufs: master.integratedLufs,
    truePeakDbtp: master.truePeakDbtp,
    platforms: platformPlayback(master.integratedLufs, master.truePeakDbtp),
    codecs,
    oversAfterEncoding: oversAfterEncoding(codecs),
  };
}
