// `npm run test:suites`: builds the site, then runs the unit suite (vitest) and the browser suite (scripts/e2e.ts:
// stack, journeys, fuzz) side by side, as `npm test` runs them, and the replica test (scripts/replicas.ts) as soon
// as either of them is done, beside the one still running. Fails when any fails.
//
// Why side by side: the journeys keep about one of two cores busy (TestCafe waits on the page between actions),
// and vitest needs about 120 CPU-seconds alone (more beside them). Run one after the other they once took
// 120 s + 400 s on the 2-core CI machine; side by side 440 s. vitest runs at low priority (nice 10) so the
// journeys, which wait on the browser's answers, keep their pace and the unit tests take the idle time. The
// build comes first because it keeps both cores busy: a unit test starved beside it could pass its timeout.
// The replica test (about 100 s, a stack of two of everything under faults) takes the share of the cores the first
// suite to end leaves (which one varies from run to run), also at low priority; it counts failures, not time, so a
// slower run proves as much.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite } from './lib/build';
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
    const log = buffered ? path.join(tmpdir(), `${heading.split(' ')[0]}-tests-${process.pid}.log`) : undefined;
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

await timedPhase('build', buildSite);

const UNIT = 'unit tests (vitest, at low priority beside the journeys)';
// A young generation of 32 MB semi-spaces instead of V8's 16 MB, for vitest and what its tests start: they
// allocate fast (HTTP bodies, rows, transformed modules) and fewer scavenges cost less than they keep. The whole
// suite alone on a quiet 2-core machine: 128-131 -> 118-120 CPU-s (set as a worker's execArgv only, no change).
const UNIT_NODE_OPTIONS = [process.env.NODE_OPTIONS, '--max-semi-space-size=32'].filter(Boolean).join(' ');
const unit = timedPhase('unit', () =>
  run('nice', ['-n', '10', bin('vitest'), 'run'], { ...process.env, NODE_OPTIONS: UNIT_NODE_OPTIONS }, UNIT),
);
const e2e = run(process.execPath, ['--import', 'tsx', 'scripts/e2e.ts'], { ...process.env, E2E_BUILT: '1' });
const REPLICAS = 'replica test (scripts/replicas.ts, at low priority once the first suite is done)';
const replicas = Promise.race([unit, e2e]).then(() =>
  timedPhase('replicas', () =>
    run('nice', ['-n', '10', process.execPath, '--import', 'tsx', 'scripts/replicas.ts'], process.env, REPLICAS),
  ),
);

const [unitCode, e2eCode, replicasCode] = await Promise.all([unit, e2e, replicas]);
if (unitCode !== 0) console.error(`✖ the unit tests failed: their report is above, under "── ${UNIT}"`);
if (replicasCode !== 0) console.error(`✖ the replica test failed: its figures are above, under "── ${REPLICAS}"`);
process.exit(unitCode === 0 && e2eCode === 0 && replicasCode === 0 ? 0 : 1);
