import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_ERRORS } from '@mastering/contracts';
import { analyseAudio } from '../src/index';
import type { Spawner } from '../src/fence';
import { jailHost, NOBODY, probeJail, unjailedExit } from '../src/jail';
import { sine, wav } from '../src/testing';
import { DECODERS } from './decoders';

// The decoder runs isolated (issue 51): in bwrap's namespaces as nobody, seeing the system, its own
// files and the one upload it reads, never the data folder beside it. Skipped (loudly) only where
// bwrap cannot make its namespaces; `.ci/run` installs bubblewrap.

const jail = jailHost();
if (!jail)
  console.warn('SKIPPED: the decoder jail tests (bwrap cannot run on this machine; apt-get install bubblewrap)');

let dir: string;
let upload: string;
let secrets: string;
const SECRET = 'identitySecret-0123456789abcdef';
beforeAll(async () => {
  // A data folder as `npm start` makes it: the secrets file (0600) beside the storage of uploads.
  dir = await mkdtemp(path.join(os.tmpdir(), 'audio-jail-'));
  await mkdir(path.join(dir, '.data', 'storage', 'uploads'), { recursive: true, mode: 0o700 });
  secrets = path.join(dir, '.data', 'secrets.json');
  await writeFile(secrets, JSON.stringify({ identitySecret: SECRET }), { mode: 0o600 });
  upload = path.join(dir, '.data', 'storage', 'uploads', '6d8f3f0e-0000-4000-8000-000000000001');
  await writeFile(upload, wav(sine(-23), 5));
  await writeFile(path.join(dir, '.data', 'storage', 'uploads', 'another-customer'), wav(sine(-14), 5));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A spawner that starts the real process and keeps what it printed on stderr. */
function watchingSpawner() {
  const seen = { stderr: '' };
  const spawner: Spawner = (command, args, options) => {
    const child: ChildProcess = spawn(command, args, options);
    child.stderr!.on('data', (chunk: Buffer) => (seen.stderr += chunk.toString()));
    return child;
  };
  return { seen, spawner };
}

describe.skipIf(!jail)('the decoder jail', () => {
  it('shows a decoder the one file it reads, as nobody, with no network, and not the secrets beside it', async () => {
    // A stand-in for an exploited decoder: it tries the secrets, the other uploads, the network.
    const probe = path.join(dir, 'exploited-ffmpeg');
    await writeFile(
      probe,
      [
        '#!/bin/sh',
        `cat ${secrets} >&2 || echo "secrets: unreadable" >&2`,
        `ls ${path.dirname(upload)} >&2`,
        `[ -r ${upload} ] && echo "upload: readable" >&2`,
        'echo "uid=$(id -u) gid=$(id -g)" >&2',
        `echo "interfaces: $(grep -o '^ *[a-z0-9]*:' /proc/net/dev | tr -d ' ')" >&2`,
        'exit 1',
      ].join('\n'),
    );
    await chmod(probe, 0o755);
    const { seen, spawner } = watchingSpawner();
    const result = await analyseAudio({ path: upload }, { ffmpegPath: probe, spawn: spawner });
    expect(result).toMatchObject({ status: 'error', errorReason: ANALYSIS_ERRORS.notDecodable });
    expect(seen.stderr).not.toContain(SECRET);
    expect(seen.stderr).toContain('secrets: unreadable');
    expect(seen.stderr).toContain('upload: readable');
    expect(seen.stderr).not.toContain('another-customer');
    expect(seen.stderr).toContain(`uid=${NOBODY} gid=${NOBODY}`);
    expect(seen.stderr).toContain('interfaces: lo:');
    expect(seen.stderr).not.toMatch(/interfaces: lo:\S/);
  });

  it.each(DECODERS)('still analyses the upload with the %s decoder inside it', async (_, decoder) => {
    const result = await analyseAudio({ path: upload }, decoder);
    expect(result).toMatchObject({ status: 'ok', sampleRate: 48_000, channels: 2 });
    expect(result.integratedLufs).toBeCloseTo(-23, 0);
  });

  it.each(DECODERS)('analyses an upload only its owner may read with the %s decoder', async (_, decoder) => {
    const private_ = `${upload}-0600`;
    await writeFile(private_, wav(sine(-18), 3), { mode: 0o600 });
    const result = await analyseAudio({ path: private_ }, decoder);
    expect(result).toMatchObject({ status: 'ok', sampleRate: 48_000, channels: 2 });
    expect(result.integratedLufs).toBeCloseTo(-18, 0);
  });
});

describe('without the jail', () => {
  it('says why when bwrap is missing, so the fence alone runs (with a warning)', () => {
    expect(probeJail(['/nonexistent/bwrap'])).toEqual({
      host: null,
      why: 'bubblewrap is not installed (apt-get install bubblewrap)',
    });
  });

  it('reads a decoder killed by a signal through bwrap (exit 128 + n) as that signal, and other exits as they are', () => {
    expect(unjailedExit(152, null)).toEqual({ code: null, signal: 'SIGXCPU' });
    expect(unjailedExit(137, null)).toEqual({ code: null, signal: 'SIGKILL' });
    expect(unjailedExit(1, null)).toEqual({ code: 1, signal: null });
    // ffmpeg's own "exiting on a signal" code is not a signal of its own.
    expect(unjailedExit(255, null)).toEqual({ code: 255, signal: null });
  });
});
