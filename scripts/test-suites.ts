// `npm run test:suites` (what `npm test` runs): the lint gate, the typecheck, the build, then the unit suite
// (vitest) and the browser suite (scripts/e2e.ts: stack, journeys, fuzz) side by side. Fails when any fails.
//
// Why side by side: the two cores are the limit (issue 28). The journeys keep about one core busy (TestCafe waits
// on the page between actions) and vitest needs about 130 CPU-seconds; vitest runs at low priority (nice 10) so
// the journeys, which wait on the browser's answers, keep their pace and the unit tests take the idle time.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApps } from './lib/build';
import { bundleServices } from './lib/services';
import { timedPhase } from './lib/ci-timings';
import { bin, ROOT } from './lib/paths';

/**
 * Runs `command` and resolves to its exit code. With `heading`, its output goes to a log file as it comes and is
 * printed in one block under that heading when it ends, so it does not interleave with the other suite's lines.
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, heading?: string): Promise<number> {
  const buffered = heading !== undefined;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    // Both streams into one list, in the order they came, so a failure's lines stay beside its test.
    const output: Buffer[] = [];
    const slug = heading?.replace(/ .*/, '').replace(/\W+/g, '-');
    const log = buffered ? path.join(tmpdir(), `${slug}-${process.pid}.log`) : undefined;
    const live = log ? createWriteStream(log) : undefined;
    if (log) console.log(`${heading}: running; follow it with \`tail -f ${log}\``);
    const keep = (chunk: Buffer) => {
      output.push(chunk);
      live?.write(chunk);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', (err) => {
      output.push(Buffer.from(`${command}: ${err.message}\n`));
      resolve(1);
    });
    child.on('close', (code) => {
      live?.end();
      if (buffered) {
        console.log(`── ${heading} ──`);
        process.stdout.write(Buffer.concat(output));
        console.log(`── ${heading}: ${code === 0 ? 'passed' : `failed (exit ${code})`} ──`);
      }
      resolve(code ?? 1);
    });
  });
}

// The lint gate and the typecheck run beside the build (about 11 s of about 18 CPU-seconds, in a build that
// leaves a third of the two cores idle while its last app and the prerender run alone); the unit tests start
// as soon as both passed and the services are bundled (a few of them start whole stacks from those bundles),
// at low priority, so they take what the build leaves; the journeys start once every app is built.
const builds = new AbortController();
const services = bundleServices();
const apps = timedPhase('build', async () => {
  await Promise.all([buildApps({ signal: builds.signal }), services]);
});
// Handled where they are awaited below; these keep an early failure from counting as unhandled meanwhile.
services.catch(() => undefined);
apps.catch(() => undefined);
const checks = Promise.all([
  timedPhase('lint', () => run(bin('biome'), ['ci', '.'], process.env, 'lint (biome ci .)')),
  timedPhase('typecheck', () =>
    run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'], process.env, 'typecheck (tsc --noEmit)'),
  ),
]).then((codes) => codes.every((code) => code === 0));
if (!(await checks)) {
  // As `lint && typecheck && …` did: nothing else runs after a failed gate (their reports are above).
  builds.abort();
  await apps.catch(() => undefined);
  console.error('✖ the lint gate or the typecheck failed: their reports are above');
  process.exit(1);
}
await services;

const UNIT = 'unit tests (vitest, at low priority beside the build and the journeys)';
// A young generation of 32 MB semi-spaces instead of V8's 16 MB, for vitest and what its tests start: they
// allocate fast (HTTP bodies, rows, transformed modules) and fewer scavenges cost less than they keep. The whole
// suite alone on a quiet 2-core machine: 128-131 -> 118-120 CPU-s (set as a worker's execArgv only, no change).
const UNIT_NODE_OPTIONS = [process.env.NODE_OPTIONS, '--max-semi-space-size=32'].filter(Boolean).join(' ');
const unit = timedPhase('unit', () =>
  run('nice', ['-n', '10', bin('vitest'), 'run'], { ...process.env, NODE_OPTIONS: UNIT_NODE_OPTIONS }, UNIT),
);
const e2e = apps.then(
  () => run(process.execPath, ['--import', 'tsx', 'scripts/e2e.ts'], { ...process.env, E2E_BUILT: '1' }),
  (err: unknown) => {
    console.error('✖ the build failed:', err instanceof Error ? err.message : err);
    return 1;
  },
);

const [unitCode, e2eCode] = await Promise.all([unit, e2e]);
if (unitCode !== 0) console.error(`✖ the unit tests failed: their report is above, under "── ${UNIT}"`);
process.exit(unitCode === 0 && e2eCode === 0 ? 0 : 1);
