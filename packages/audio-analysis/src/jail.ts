// The jail around the fence (issue 51): the decoder parses untrusted uploads, so beyond its limits and
// empty environment (fence.ts) it runs in namespaces of its own under Debian's bubblewrap, as nobody,
// seeing only the system's programs and libraries (/usr), the decoder's own files and the one file it
// reads, all read-only: no network, no other process, no data folder (`.data/secrets.json`, the other
// uploads, PostgreSQL's files are simply not there). Where bwrap is missing or may not make its
// namespaces, the fence alone runs, with a warning once.
import { constants as os } from 'node:os';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** The unprivileged user and group the decoder runs as (Debian's nobody and nogroup). */
export const NOBODY = 65534;

const BWRAP_CANDIDATES = ['/usr/bin/bwrap', '/bin/bwrap'];
const SETPRIV = '/usr/bin/setpriv';
// Where the system keeps programs and libraries: /usr whole, and the merged-/usr links beside it (or,
// on an older layout, the folders themselves).
const SYSTEM = '/usr';
const SYSTEM_SIDES = ['/bin', '/sbin', '/lib', '/lib64', '/lib32', '/libx32'];
// The dynamic linker's cache, and Debian's alternatives (ffmpeg's BLAS and LAPACK are found through them).
const SYSTEM_FILES = ['/etc/ld.so.cache', '/etc/alternatives'];

const under = (dir: string, p: string) => p === dir || p.startsWith(`${dir}/`);

/** The folders bwrap must make (readable by all) so that `target` can be bound at its own path. */
function parentsOf(target: string, made: Set<string>): string[] {
  const args: string[] = [];
  const parts = path.dirname(target).split('/').filter(Boolean);
  for (let i = 1; i <= parts.length; i++) {
    const dir = `/${parts.slice(0, i).join('/')}`;
    if (made.has(dir)) continue;
    made.add(dir);
    args.push('--perms', '0755', '--dir', dir);
  }
  return args;
}

/**
 * bwrap's arguments that run a command in the jail, with `binds` (files or folders outside /usr, by
 * their real paths) visible read-only at the same paths. As root, bwrap makes the namespaces itself
 * and setpriv then drops to nobody with no capabilities (a user namespace would map nobody to root);
 * otherwise a user namespace maps nobody to the service's user, who sees nothing of its own files.
 */
export function jailArgs(binds: readonly string[], asRoot: boolean): string[] {
  const namespaces = asRoot
    ? ['--unshare-pid', '--unshare-net', '--unshare-ipc', '--unshare-uts', '--unshare-cgroup-try']
    : ['--unshare-all', '--uid', String(NOBODY), '--gid', String(NOBODY)];
  const made = new Set<string>();
  const system = ['--ro-bind', SYSTEM, SYSTEM];
  for (const side of SYSTEM_SIDES) {
    const stat = lstatSync(side, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) system.push('--symlink', readlinkSync(side), side);
    else if (stat?.isDirectory()) system.push('--ro-bind', side, side);
  }
  for (const file of SYSTEM_FILES) if (existsSync(file)) system.push(...parentsOf(file, made), '--ro-bind', file, file);
  const own: string[] = [];
  for (const bind of new Set(binds.map((b) => realpathSync(b)))) {
    if (under(SYSTEM, bind)) continue;
    own.push(...parentsOf(bind, made), '--ro-bind', bind, bind);
  }
  const drop = asRoot
    ? [
        SETPRIV,
        `--reuid=${NOBODY}`,
        `--regid=${NOBODY}`,
        '--clear-groups',
        '--inh-caps=-all',
        '--bounding-set=-all',
        '--no-new-privs',
        '--',
      ]
    : [];
  return [
    ...namespaces,
    '--die-with-parent',
    '--new-session',
    ...system,
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    ...own,
    '--chdir',
    '/',
    '--',
    ...drop,
  ];
}

/** The jail this machine can make: bwrap's path and whether it runs as root; null when it cannot. */
export type JailHost = { bwrap: string; asRoot: boolean };

/**
 * Tries the jail once: bwrap present (the first of `bwrapCandidates`), namespaces allowed (a container
 * without them, or a kernel that forbids user namespaces, says no). Answers the host, or why not.
 */
export function probeJail(
  bwrapCandidates: readonly string[] = BWRAP_CANDIDATES,
  asRoot = process.getuid?.() === 0,
): { host: JailHost } | { host: null; why: string } {
  const bwrap = bwrapCandidates.find((candidate) => existsSync(candidate));
  if (!bwrap) return { host: null, why: 'bubblewrap is not installed (apt-get install bubblewrap)' };
  if (asRoot && !existsSync(SETPRIV))
    return { host: null, why: 'setpriv (util-linux) is missing, so the decoder cannot drop root' };
  const tried = spawnSync(bwrap, [...jailArgs([], asRoot), '/usr/bin/true'], { env: {}, timeout: 10_000 });
  if (tried.status === 0) return { host: { bwrap, asRoot } };
  const said = tried.stderr?.toString().trim() || tried.error?.message || `exit ${tried.status}`;
  return { host: null, why: `bwrap could not make its namespaces here: ${said}` };
}

let host: JailHost | null | undefined;

/** The jail this process uses, probed on first use; warns once when there is none (the fence alone runs). */
export function jailHost(): JailHost | null {
  if (host !== undefined) return host;
  const probed = probeJail();
  host = probed.host;
  if (!probed.host)
    process.emitWarning(
      `The audio decoder runs without its jail (${probed.why}); it is still fenced (limits, empty environment) but runs as this service's user and could read its files.`,
      'DecoderJailWarning',
    );
  return host;
}

/**
 * The decoder's exit as it would be seen without the jail: bwrap reports a child killed by a signal
 * as the exit code 128 + the signal's number.
 */
export function unjailedExit(
  code: number | null,
  signal: NodeJS.Signals | null,
): { code: number | null; signal: NodeJS.Signals | null } {
  if (signal || code === null || code <= 128) return { code, signal };
  const name = Object.entries(os.signals).find(([, n]) => n === code - 128)?.[0] as NodeJS.Signals | undefined;
  return name ? { code: null, signal: name } : { code, signal };
}
