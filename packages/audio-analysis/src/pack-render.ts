// Rendering one file of a release pack (issue 54 item 2) from a master with the ffmpeg program:
// resampled with SoX's resampler, dithered on every reduction of bit depth, tagged with the track's
// release metadata in each container's own way, then measured (integrated loudness and true peak).
// The master is the studio's own upload, already sniffed as audio when it was confirmed; ffmpeg still
// runs with an empty environment, a fixed working folder, only file protocols and a time limit.
import { execFile } from 'node:child_process';
import { compactIsrc, type PackFormat, type TrackMetadata } from '@mastering/contracts';
import { parseLoudnessSummary } from './ffmpeg-report';

/** The ffmpeg program renders use: FFMPEG_PATH, else the system's (Debian's ffmpeg, which has soxr and LAME). */
export function renderProgram(env: NodeJS.ProcessEnv = process.env): string {
  return env.FFMPEG_PATH || 'ffmpeg';
}

// SoX's resampler at its high-quality preset; dither is applied by the same resampler when it
// reduces the sample format, so naming the output format (osf) is what makes the dither happen.
const SOXR = 'resampler=soxr:precision=28';
// 24-bit files travel as 32-bit samples whose low 8 bits the encoder drops: dither at the 24-bit
// step (2^8 times the 32-bit one) so a float or 32-bit master is dithered, not truncated, to 24 bits.
const DITHER_24 = 'osf=s32:dither_method=triangular:dither_scale=256';

/** The filter and encoder arguments of each format. */
const ENCODINGS: Record<PackFormat, string[]> = {
  // 24-bit at the master's own rate: a float or 32-bit master is dithered down (a 24-bit one passes untouched).
  wav24: ['-af', `aresample=${SOXR}:${DITHER_24}`, '-c:a', 'pcm_s24le', '-write_bext', '1'],
  // CD format: 44.1 kHz, 16-bit with noise-shaped dither (Shibata's 44.1 kHz curve).
  wav16: ['-af', `aresample=osr=44100:${SOXR}:osf=s16:dither_method=shibata`, '-c:a', 'pcm_s16le', '-write_bext', '1'],
  flac: [
    '-af',
    `aresample=${SOXR}:${DITHER_24}`,
    '-c:a',
    'flac',
    '-bits_per_raw_sample',
    '24',
    '-compression_level',
    '8',
  ],
  mp3: [
    '-af',
    `aresample=osr=44100:${SOXR}`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '320k',
    '-id3v2_version',
    '4',
    '-write_id3v1',
    '0',
  ],
  // MP4 tags; use_metadata_tags also keeps the ISRC, which iTunes' fixed atoms have no place for.
  aac: [
    '-af',
    `aresample=osr=44100:${SOXR}`,
    '-c:a',
    'aac',
    '-b:a',
    '256k',
    '-movflags',
    '+faststart+use_metadata_tags',
    '-f',
    'ipod',
  ],
};

/** The container's name for the ISRC: ID3v2's TSRC frame in MP3, an `ISRC` field elsewhere (RIFF INFO, Vorbis, MP4). */
const ISRC_KEY: Record<PackFormat, string> = { wav24: 'ISRC', wav16: 'ISRC', flac: 'ISRC', mp3: 'TSRC', aac: 'ISRC' };

/** The `-metadata` arguments that embed a track's release metadata in a file of `format`. */
export function metadataArgs(format: PackFormat, metadata: TrackMetadata | null): string[] {
  if (!metadata) return [];
  const isrc = metadata.isrc ? compactIsrc(metadata.isrc) : '';
  const tags: [string, string | undefined][] = [
    ['title', metadata.title],
    ['artist', metadata.artist],
    ['album', metadata.album],
    ['date', metadata.year],
    ['composer', metadata.composer],
    [ISRC_KEY[format], isrc],
  ];
  // BWF: the broadcast extension's description names the ISRC too, where broadcast tools look for it.
  if (isrc && (format === 'wav24' || format === 'wav16')) tags.push(['description', `ISRC:${isrc}`]);
  return tags.filter(([, value]) => value).flatMap(([key, value]) => ['-metadata', `${key}=${value}`]);
}

/** ffmpeg's arguments that render `input` (a local file) as `format` into `output`, tagged with `metadata`. */
export function packRenderArgs(
  format: PackFormat,
  metadata: TrackMetadata | null,
  input: string,
  output: string,
): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-protocol_whitelist', 'file', '-i', `file:${input}`],
    // The first audio stream only, and none of the master's own tags (the customer's metadata replaces them).
    ...['-map', '0:a:0', '-map_metadata', '-1', '-map_chapters', '-1'],
    ...metadataArgs(format, metadata),
    ...ENCODINGS[format],
    '-y',
    `file:${output}`,
  ];
}

/** What a render measured of the file it wrote. */
export type PackMeasure = { integratedLufs: number | null; truePeakDbtp: number | null };

/** Options of one render: the ffmpeg program and how long it may take. */
export type RenderOptions = { ffmpeg?: string; timeoutMs?: number };

/** Runs ffmpeg with `args`; resolves with its stderr, rejects with the reason ffmpeg gave (its last line). */
function runFfmpeg(ffmpeg: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpeg,
      args,
      { env: { LC_ALL: 'C' }, cwd: '/', timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL' },
      (err, _stdout, stderr) => {
        if (!err) return resolve(stderr);
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return reject(new Error(`no ffmpeg program at ${ffmpeg}`));
        if (err.killed) return reject(new Error(`ffmpeg took longer than ${Math.round(timeoutMs / 1000)} s`));
        const last = stderr.trim().split('\n').filter(Boolean).pop();
        reject(new Error(last ? `ffmpeg: ${last.trim()}` : `ffmpeg stopped (${err.message})`));
      },
    );
  });
}

/** Measures a rendered file: integrated loudness and true peak (EBU R128), as the master's analysis does. */
export async function measurePackFile(path: string, options: RenderOptions = {}): Promise<PackMeasure> {
  const log = await runFfmpeg(
    options.ffmpeg ?? renderProgram(),
    [
      ...['-hide_banner', '-nostats', '-nostdin', '-loglevel', 'info', '-protocol_whitelist', 'file'],
      ...['-i', `file:${path}`, '-map', '0:a:0', '-af', 'ebur128=peak=true', '-f', 'null', '-'],
    ],
    options.timeoutMs ?? 10 * 60_000,
  );
  const summary = parseLoudnessSummary(log);
  return { integratedLufs: summary?.integratedLufs ?? null, truePeakDbtp: summary?.truePeakDbtp ?? null };
}

/**
 * Renders `input` as `format` into `output` with the track's metadata, then measures the result.
 * Rejects with ffmpeg's reason when it fails (the job shows it to the engineer).
 */
export async function renderPackFile(
  input: string,
  output: string,
  format: PackFormat,
  metadata: TrackMetadata | null,
  options: RenderOptions = {},
): Promise<PackMeasure> {
  const ffmpeg = options.ffmpeg ?? renderProgram();
  await runFfmpeg(ffmpeg, packRenderArgs(format, metadata, input, output), options.timeoutMs ?? 10 * 60_000);
  return measurePackFile(output, { ...options, ffmpeg });
}
