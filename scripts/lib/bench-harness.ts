import { createWriteStream, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UPSTREAM_SERVICES, urlVariable } from '@mastering/service-kit/ports';
import { createStack, type Stack, type StackOptions } from './stack';
import { throwawaySite } from './throwaway-stack';

/** How a benchmark composes the stack: which services run, settings of its own, processes beside it. */
export type BenchStackOptions = Pick<StackOptions, 'services' | 'processEnv' | 'extraProcesses'> & {
  /** Settings over the throwaway site's (its free ports, its own database). */
  env?: Record<string, string>;
};

/**
 * What every benchmark run shares: the stack composed as `npm start` and the journeys compose it
 * (createStack), on free ports in a throwaway folder, with PostgreSQL's crash safety off and no
 * front-end build; and `main(run)`, which starts it, runs the benchmark and then, or on Ctrl-C or a
 * process dying, stops everything (PostgreSQL last), calls `cleanup`, deletes the folder and exits.
 * The services it leaves out answer 404 from one stub (nothing a benchmark asks is theirs) unless
 * `options.env` says where they are; no inbox or Yoco sandbox runs unless it sets SMTP_URL.
 */
export async function benchStack(
  prefix: string,
  options: BenchStackOptions,
  cleanup: () => void | Promise<void> = () => {},
) {
  const stub = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"Not found"}');
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  const site = await throwawaySite(prefix);
  const running = options.services ?? UPSTREAM_SERVICES;
  const env: Record<string, string> = {
    ...site.env,
    ...Object.fromEntries(
      UPSTREAM_SERVICES.filter((name) => !running.includes(name)).map((name) => [urlVariable(name), stubUrl]),
    ),
    // Nothing sends mail or takes a payment unless the benchmark says: the discard port as the mail
    // server (nothing listens there), a Yoco key that keeps the sandbox away.
    SMTP_URL: 'smtp://127.0.0.1:9',
    YOCO_SECRET_KEY: 'sk_test_bench',
    ...options.env,
  };
  const stack = createStack({
    ...options,
    dataDir: site.dataDir,
    env,
    log: () => {},
    onDeath: (name, code, tail) => {
      console.error(`✖ ${name} exited (code ${code}) during the benchmark:\n${tail.join('\n')}`);
      void finish(1);
    },
    buildFrontEnd: false,
    durableDatabase: false,
  });
  let finishing: Promise<never> | null = null;
  const finish = (code: number): Promise<never> => {
    finishing ??= (async () => {
      await stack.stop().catch((err: Error) => console.error(`✖ ${err.message}`));
      stub.close();
      await cleanup();
      rmSync(site.dataDir, { recursive: true, force: true });
      process.exit(code);
    })();
    return finishing;
  };
  process.on('SIGINT', () => void finish(130));
  process.on('SIGTERM', () => void finish(143));
  const main = async (run: (stack: Stack) => Promise<void>): Promise<never> => {
    try {
      await run(await stack.start());
      return await finish(0);
    } catch (err) {
      console.error(`✖ ${(err as Error).stack ?? err}`);
      return finish(1);
    }
  };
  return { work: site.dataDir, ports: site.ports, env, main };
}

/** CPU seconds a process used: in its own code (user) and in the kernel on its behalf (kernel). */
export type CpuTimes = { user: number; kernel: number };

/** The fields of /proc/<pid>/stat after the command name (field 3, the state, first). */
const statFields = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');

/**
 * The CPU seconds process `pid` has used so far (utime + stime of /proc/<pid>/stat, in Linux's clock
 * ticks of 1/100 s): a figure the machine's load from other processes sways far less than a rate.
 */
export function processCpuSeconds(pid: number): number {
  const { user, kernel } = processCpuTimes(pid);
  return user + kernel;
}

/** processCpuSeconds split into user and kernel time. */
export function processCpuTimes(pid: number): CpuTimes {
  const [user, kernel] = statFields(pid)
    .slice(11, 13)
    .map((ticks) => Number(ticks) / 100);
  return { user: user!, kernel: kernel! };
}

/**
 * processCpuTimes of `pid` and its children summed: PostgreSQL's server and its backends (one per
 * pooled connection, so their time counts while the pool keeps them).
 */
export function processTreeCpuTimes(pid: number): CpuTimes {
  const parentOf = (child: number) => {
    try {
      return Number(statFields(child)[1]);
    } catch {
      return -1; // gone
    }
  };
  const tree = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => candidate === pid || parentOf(candidate) === pid);
  return tree.reduce(
    (sum, member) => {
      try {
        const { user, kernel } = processCpuTimes(member);
        return { user: sum.user + user, kernel: sum.kernel + kernel };
      } catch {
        return sum; // ended between the listing and the read
      }
    },
    { user: 0, kernel: 0 },
  );
}

export const MB = 1024 * 1024;

/** The middle value (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Seconds `work` takes. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** A WAV file's first bytes, so the storefront's sniffing takes generated bytes as audio. */
export const WAV_HEAD = Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1');

/**
 * Writes `mb` one-megabyte blocks to `out`, the first starting with `head`, waiting for it to drain
 * (so memory stays flat), then ends it.
 */
export function writeBlocks(out: NodeJS.WritableStream, mb: number, head: Buffer = Buffer.alloc(0)): void {
  const block = Buffer.alloc(MB, 3);
  const first = Buffer.concat([head, block.subarray(head.length)]);
  let written = 0;
  const pump = () => {
    while (written < mb) {
      written++;
      if (!out.write(written === 1 ? first : block)) return void out.once('drain', pump);
    }
    out.end();
  };
  pump();
}

/** Writes a file of `mb` blocks (writeBlocks); with `flush`, resolves once they are on the disk (fsync before close). */
export function writeFileOfBlocks(
  file: string,
  mb: number,
  { head, flush = false }: { head?: Buffer; flush?: boolean } = {},
) {
  return new Promise<void>((resolve, reject) => {
    const out = createWriteStream(file, { flush });
    out.on('error', reject);
    out.on('close', () => resolve());
    writeBlocks(out, mb, head);
  });
}
