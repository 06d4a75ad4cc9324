import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_ERRORS } from '@mastering/contracts';
import { analyseAudio, DEFAULT_LIMITS } from '../src/index';
import type { Spawner } from '../src/fence';
import { jailHost } from '../src/jail';
import { sine, wav } from '../src/testing';
import { DECODERS } from './decoders';

let dir: string;
let song: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'audio-fence-'));
  song = path.join(dir, 'song.wav');
  await writeFile(song, wav(sine(-23), 5));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** An executable shell script standing in for ffmpeg. */
async function fakeFfmpeg(name: string, script: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\n${script}\n`);
  await chmod(file, 0o755);
  return file;
}

/** A spawner that starts the real process and records what it was asked to start and what it printed. */
function watchingSpawner() {
  const seen = { command: '', args: [] as string[], env: {} as NodeJS.ProcessEnv | undefined, stderr: '' };
  const spawner: Spawner = (command, args, options) => {
    Object.assign(seen, { command, args, env: options.env });
    const child: ChildProcess = spawn(command, args, options);
    child.stderr!.on('data', (chunk: Buffer) => (seen.stderr += chunk.toString()));
    return child;
  };
  return { seen, spawner };
}

describe.each(DECODERS)(
  'the %s decoder reads only the format the bytes were sniffed as, with its own decoders',
  (_, decoder) => {
    it('an MP3 (by its ID3 tag) that is really a playlist naming another file is not read as a playlist', async () => {
      // Probing past the tag, ffmpeg would take this for an HLS playlist and measure the file it names
      // (any file on the disk: another customer's upload). Read as MP3, it is no audio at all.
      const tag = 70_000;
      const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:5\n#EXTINF:5.0,\nsong.wav\n#EXT-X-ENDLIST\n`;
      const header = Buffer.from([
        0x49,
        0x44,
        0x33,
        4,
        0,
        0,
        (tag >> 21) & 0x7f,
        (tag >> 14) & 0x7f,
        (tag >> 7) & 0x7f,
        tag & 0x7f,
      ]);
      const file = path.join(dir, 'not-really.mp3');
      await writeFile(file, Buffer.concat([header, Buffer.alloc(tag), Buffer.from(playlist)]));

      const result = await analyseAudio({ path: file }, decoder);
      expect(result).toMatchObject({
        status: 'error',
        errorReason: ANALYSIS_ERRORS.notDecodable,
        integratedLufs: null,
      });
    });

    it('a WAV whose codec is not PCM is refused, not decoded', async () => {
      // IMA ADPCM (format tag 0x11): any bytes decode to something, and it is nothing a mastering client sends.
      const blocks = 80;
      const fmt = Buffer.alloc(28);
      fmt.write('fmt ', 0, 'latin1');
      fmt.writeUInt32LE(20, 4);
      fmt.writeUInt16LE(0x11, 8);
      fmt.writeUInt16LE(1, 10);
      fmt.writeUInt32LE(8000, 12);
      fmt.writeUInt32LE(4055, 16);
      fmt.writeUInt16LE(256, 20);
      fmt.writeUInt16LE(4, 22);
      fmt.writeUInt16LE(2, 24);
      fmt.writeUInt16LE(505, 26);
      let seed = 1;
      const data = Buffer.from(
        Array.from({ length: blocks * 256 }, () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) >> 16) & 0xff),
      );
      const riff = Buffer.alloc(12);
      riff.write('RIFF', 0, 'latin1');
      riff.writeUInt32LE(4 + fmt.length + 8 + data.length, 4);
      riff.write('WAVE', 8, 'latin1');
      const dataHeader = Buffer.alloc(8);
      dataHeader.write('data', 0, 'latin1');
      dataHeader.writeUInt32LE(data.length, 4);
      const file = path.join(dir, 'adpcm.wav');
      await writeFile(file, Buffer.concat([riff, fmt, dataHeader, data]));

      expect(await analyseAudio({ path: file }, decoder)).toMatchObject({
        status: 'error',
        errorReason: ANALYSIS_ERRORS.notDecodable,
        integratedLufs: null,
      });
    });

    it('is started with that demuxer, the file and pipe protocols, under the limits and in an empty environment', async () => {
      const { seen, spawner } = watchingSpawner();
      expect((await analyseAudio({ path: song }, { ...decoder, spawn: spawner })).status).toBe('ok');
      // prlimit runs the decoder, inside the jail where this machine can make one (see the jail's tests).
      const all = [seen.command, ...seen.args];
      const at = all.findIndex((arg) => /\/prlimit$/.test(arg));
      expect(at).toBe(jailHost() ? all.lastIndexOf('--', at) + 1 : 0);
      if (jailHost()) expect(seen.command).toMatch(/\/bwrap$/);
      const end = all.indexOf('--', at);
      const limits = all.slice(at + 1, end);
      expect(limits).toEqual([
        `--data=${DEFAULT_LIMITS.memoryBytes}`,
        `--cpu=${DEFAULT_LIMITS.cpuSeconds}`,
        '--fsize=0',
        '--core=0',
      ]);
      const command = all.slice(end + 1);
      const pcm = 'pcm_u8,pcm_s16le,pcm_s24le,pcm_s32le,pcm_f32le,pcm_f64le';
      if (decoder.ffmpegPath)
        expect(command.join(' ')).toContain(
          `-f wav -format_whitelist wav -codec_whitelist ${pcm} -protocol_whitelist file,pipe -i file:${song}`,
        );
      else expect(command.slice(2, 5)).toEqual(['wav', pcm, `file:${song}`]);
      expect(seen.env).toEqual({ LC_ALL: 'C' });
    });
  },
);

describe('the decoder process', () => {
  it('holds none of the service’s secrets and runs under the memory, CPU and file-size limits', async () => {
    const saved = { DATABASE_URL: process.env.DATABASE_URL, IDENTITY_SECRET: process.env.IDENTITY_SECRET };
    process.env.DATABASE_URL = 'postgres://app:hunter2@db/mastering';
    process.env.IDENTITY_SECRET = 'identity-secret-for-the-fence-test';
    try {
      const ffmpeg = await fakeFfmpeg(
        'print-env',
        'env >&2; echo "data=$(ulimit -d) cpu=$(ulimit -t) fsize=$(ulimit -f)" >&2; exit 1',
      );
      const { seen, spawner } = watchingSpawner();
      const result = await analyseAudio(
        { path: song },
        { ffmpegPath: ffmpeg, spawn: spawner, limits: { memoryBytes: 256 * 1024 * 1024, cpuSeconds: 30 } },
      );
      expect(result).toMatchObject({ status: 'error', errorReason: ANALYSIS_ERRORS.notDecodable });
      expect(seen.stderr).toContain('LC_ALL=C');
      expect(seen.stderr).not.toContain('hunter2');
      expect(seen.stderr).not.toContain('identity-secret');
      expect(seen.stderr).not.toMatch(/DATABASE_URL|IDENTITY_SECRET/);
      // ulimit counts data in KiB and file size in 512-byte blocks.
      expect(seen.stderr).toContain(`data=${256 * 1024} cpu=30 fsize=0`);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it('is stopped by the CPU limit, which throws (the job is retried) instead of flagging the file', async () => {
    const ffmpeg = await fakeFfmpeg('spin', 'while :; do :; done');
    await expect(analyseAudio({ path: song }, { ffmpegPath: ffmpeg, limits: { cpuSeconds: 1 } })).rejects.toThrow(
      /ffmpeg was stopped \((SIGXCPU|SIGKILL)\)/,
    );
  });

  it('never starts for bytes that are not audio', async () => {
    const { seen, spawner } = watchingSpawner();
    const file = path.join(dir, 'playlist.wav');
    await writeFile(file, '#EXTM3U\n#EXTINF:5.0,\nsong.wav\n#EXT-X-ENDLIST\n');
    expect(await analyseAudio({ path: file }, { spawn: spawner })).toMatchObject({
      status: 'error',
      errorReason: ANALYSIS_ERRORS.notDecodable,
    });
    expect(seen.command).toBe('');
  });
});
