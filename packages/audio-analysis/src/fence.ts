// The fence around the decoder: whatever parses an untrusted upload runs in its own process, under
// resource limits, with an environment that holds nothing but what it is given here, and in a jail
// (jail.ts) that shows it no file but its own and the one it reads. The ops service that starts it
// holds DATABASE_URL and IDENTITY_SECRET and can read `.data/secrets.json`; a decoder bug must not.
import { spawn, type ChildProcess, type SpawnOptions, type StdioOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import { jailArgs, jailHost } from './jail';

/** Resource limits of one decoding process. */
export type DecoderLimits = {
  /** Heap and other private writable memory (RLIMIT_DATA), in bytes. */
  memoryBytes: number;
  /** CPU seconds (RLIMIT_CPU); the wall-clock limit is the caller's timer. */
  cpuSeconds: number;
};

/**
 * Defaults far above what an honest file needs: ffmpeg measures a 500 MB WAV in under 20 MB and a
 * few CPU seconds, the node-av runner in under 150 MB. The memory cap is on data, not address space:
 * Node reserves gigabytes of address space it never uses, so an address-space cap would be meaningless.
 */
export const DEFAULT_LIMITS: DecoderLimits = { memoryBytes: 512 * 1024 * 1024, cpuSeconds: 600 };

/** The only variables the decoder sees: a fixed locale, so its messages read the same everywhere. */
export const DECODER_ENV: Readonly<Record<string, string>> = Object.freeze({ LC_ALL: 'C' });

// util-linux's prlimit sets the limits and then execs the command, so the decoder is the process we
// hold (a kill reaches it, not a wrapper). It is part of every Debian-like system, slim images included.
const PRLIMIT_CANDIDATES = ['/usr/bin/prlimit', '/bin/prlimit'];

let prlimitPath: string | undefined;

/** Where prlimit is; throws, naming the package, when the machine has none. */
export function prlimit(): string {
  prlimitPath ??= PRLIMIT_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!prlimitPath)
    throw new Error('prlimit (util-linux) is needed to run ffmpeg under resource limits; install util-linux');
  return prlimitPath;
}

/** What one decoder run is given: its limits, its stdio, and the files it reads (bound into its jail). */
export type FenceOptions = { limits: DecoderLimits; stdio: StdioOptions; binds?: readonly string[] };

/**
 * The command, arguments and spawn options that run `command args` fenced (separate for tests): under
 * prlimit, and, where the machine can (jail.ts), inside bwrap as nobody, seeing only the system, the
 * command and `binds`. `jailed` says which.
 */
export function fencedCommand(command: string, args: string[], { limits, stdio, binds = [] }: FenceOptions) {
  const limitArgs = [
    `--data=${limits.memoryBytes}`,
    `--cpu=${limits.cpuSeconds}`,
    // Writes nothing to any file (pipes are not files), and leaves no core dump of a customer's audio.
    '--fsize=0',
    '--core=0',
  ];
  const options: SpawnOptions = { stdio, env: { ...DECODER_ENV }, cwd: '/' };
  const fenced = [prlimit(), ...limitArgs, '--', command, ...args];
  const jail = jailHost();
  if (!jail) return { command: fenced[0]!, args: fenced.slice(1), options, jailed: false };
  const visible = [command, ...binds].filter((file) => existsSync(file));
  return { command: jail.bwrap, args: [...jailArgs(visible, jail.asRoot), ...fenced], options, jailed: true };
}

/** The spawn function; tests pass one that records what it is asked to start. */
export type Spawner = (command: string, args: string[], options: SpawnOptions) => ChildProcess;

/**
 * Starts `command args` fenced (and jailed where it can be): under the limits, with only DECODER_ENV,
 * in `/`. `jailed` says whether its exit passes through bwrap (see `unjailedExit`).
 */
export function spawnFenced(
  command: string,
  args: string[],
  options: FenceOptions,
  spawner: Spawner = spawn,
): { child: ChildProcess; jailed: boolean } {
  const fenced = fencedCommand(command, args, options);
  return { child: spawner(fenced.command, fenced.args, fenced.options), jailed: fenced.jailed };
}
