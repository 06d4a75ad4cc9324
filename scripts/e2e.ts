// `npm run test:e2e [files…]`: TestCafe journeys (all of e2e/, or the files given) in headless Chromium against the real built stack.
// All of them run in two groups side by side (scripts/lib/journey-groups.ts), each against a stack of its own on
// its own ports and data folder (so it can also run beside `npm start`), each with a second gateway whose apps
// folder lacks one remote's build, for the fallback journey; the journeys of e2e/s3 run as a third group, against a
// stack with STORAGE_DRIVER=s3 (its own s3rver). The files given run in one group (and their S3 ones in another).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createKnex, freePort, User } from '@mastering/db';
import { bin, FRONTEND_APPS, ROOT } from './lib/paths';
import { serviceCommand } from './lib/services';
import { startThrowawayStack, type ThrowawayStack } from './lib/throwaway-stack';
import { fuzzStack } from './lib/fuzz';
import { timedPhase } from './lib/ci-timings';
import { buildSite } from './lib/build';
import {
  type GroupRun,
  judgeGroup,
  printJourneyProfile,
  printLogTails,
  readReport,
  secondsByFile,
  type Verdict,
} from './lib/e2e-profile';
import { journeyGroups, recordJourneySeconds, type Storage, unfinishedFiles } from './lib/journey-groups';

/** The engineer account the fulfilment journeys sign in with (users are otherwise made by admins in the Users screen). */
const ENGINEER_EMAIL = 'engineer@example.com';

/** A stack for one group of journeys, with a second gateway (at `brokenSite`) whose apps folder lacks a remote. */
type JourneySite = ThrowawayStack & { brokenSite: number };

/**
 * Starts a throwaway stack for a group of journeys, with the engineer account and the gateway missing a remote;
 * with `storage` s3, the stack starts its own s3rver and every service stores there.
 */
async function startJourneySite(prefix: string, storage: Storage): Promise<JourneySite> {
  const brokenSite = await freePort();
  const site = await startThrowawayStack(
    prefix,
    console.log,
    (dataDir) => {
      // An apps folder with every build but mf-admin-email's: that remote's files are "missing".
      const brokenApps = path.join(dataDir, 'apps-without-email');
      for (const app of FRONTEND_APPS.filter((a) => a !== 'mf-admin-email')) {
        mkdirSync(path.join(brokenApps, app), { recursive: true });
        symlinkSync(path.join(ROOT, app, 'dist'), path.join(brokenApps, app, 'dist'));
      }
      return [
        {
          name: 'gateway-missing-remote',
          ...serviceCommand('gateway'),
          env: { PORT: String(brokenSite), APPS_ROOT: brokenApps },
          readyUrl: `http://127.0.0.1:${brokenSite}/mf/remotes.json`,
        },
      ];
    },
    storage === 's3' ? { STORAGE_DRIVER: 's3' } : undefined,
  );
  const knex = createKnex(site.stack.databaseUrl);
  await User.ensure(knex, { email: ENGINEER_EMAIL, firstName: 'Sipho', lastName: 'Engineer', role: 'engineer' });
  await knex.destroy();
  return { ...site, brokenSite };
}

// The browser asks for less motion (a system setting the site honours, packages/ui/src/styles.css): scrolls jump
// and transitions end at once, so TestCafe does not wait out a glide before each click (up to 1.6 s for a
// button at the foot of the home page) and Chromium draws no in-between frames.
const CHROMIUM_FLAGS =
  '--no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking --disable-component-update --no-first-run --force-prefers-reduced-motion';

/** Preloaded into TestCafe: it opens Chromium as outside a container (the comment in that file says why). */
const TESTCAFE_LOCAL_START = path.join(ROOT, 'scripts', 'lib', 'testcafe-local-start.cjs');
/** TestCafe's TypeScript compiler without its type-check, which `npm run typecheck` does (that file says why). */
const TESTCAFE_TYPESCRIPT = path.join(ROOT, 'scripts', 'lib', 'testcafe-typescript.cjs');

/**
 * What TestCafe prints when it stopped a group because of its browser: the browser did not come up, at the
 * group's start or when TestCafe restarted it ("Unable to open", in the container path TESTCAFE_LOCAL_START
 * avoids; "Cannot establish": its page never connected within BROWSER_INIT_MS, seen once in a local CI run), or
 * it went silent between two journeys ("browser disconnected": TestCafe restarts a browser that goes silent
 * during a journey and runs the journey again, but between journeys no test run takes the disconnection, and
 * it ends the group; seen once in a local CI run, after 17 of 32 journeys).
 */
const BROWSER_LOST =
  /Unable to open the ".*" browser|Cannot establish one or more browser connections|browser disconnected\./;

/**
 * How long TestCafe waits for a browser's page to connect (its default: 2 min). Chromium's page connects in a
 * few seconds, also beside the unit tests on 2 cores; one that has not after this never did in 2 min either,
 * and the group starts again sooner with another browser.
 */
const BROWSER_INIT_MS = 45_000;

/**
 * A temporary folder of its own for one TestCafe run (its TMPDIR), where TestCafe makes the Chromium profile it
 * starts its browser with (`testcafe/chrome-profile-…`). In the shared /tmp/testcafe, a starting TestCafe takes
 * any profile folder without a lock file, and a new folder exists before its maker locks it (TestCafe's
 * temp-directory: mkdir, then the lock, whose result goes unchecked). So two TestCafes starting together were
 * sometimes given one folder: 9 times in 150 pairs of processes taking a folder at the same moment beside two
 * busy loops. A second headless Chromium on a profile in use exits at once (21, "Failed to create a
 * ProcessSingleton"), so that group's browser never connected; when its TestCafe gave up, closing the browser
 * removed the folder as its own, under the other group's running Chromium, which then went silent until
 * TestCafe restarted it 2 minutes later. CI runs showed exactly that pair, always together.
 */
function testcafeTmpdir(site: JourneySite): string {
  return mkdtempSync(path.join(site.dataDir, 'tc-'));
}

/**
 * Runs TestCafe on `files` against `site` and resolves to its exit code, whether it stopped because of its
 * browser (BROWSER_LOST), its JSON report (written to `report`) and what it printed. With a `label`, each line it
 * prints starts with it, so two groups' reports can share the terminal.
 */
function runJourneys(
  files: string[],
  site: JourneySite,
  report: string,
  browser: string,
  label?: string,
): Promise<GroupRun> {
  const { stack, env } = site;
  let browserLost = false;
  const output: string[] = [];
  return new Promise((resolve) => {
    const child = spawn(
      bin('testcafe'),
      [
        browser,
        ...files,
        '--selector-timeout',
        '15000',
        '--assertion-timeout',
        '15000',
        '--page-load-timeout',
        '30000',
        '--browser-init-timeout',
        String(BROWSER_INIT_MS),
        '--disable-screenshots',
        '--compiler-options',
        `typescript.customCompilerModulePath=${TESTCAFE_TYPESCRIPT}`,
        '--reporter',
        `spec,json:${report}`,
      ],
      {
        cwd: ROOT,
        stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
        env: {
          ...process.env,
          // TestCafe opens Chromium as it does outside a container (see that file): it waits for the browser's
          // page, where in one it gave the browser's DevTools port 10 s, which a loaded CI machine overran.
          NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require "${TESTCAFE_LOCAL_START}"`].filter(Boolean).join(' '),
          TMPDIR: testcafeTmpdir(site),
          E2E_SITE_URL: stack.siteUrl,
          E2E_BROKEN_SITE_URL: `http://127.0.0.1:${site.brokenSite}`,
          E2E_INBOX_URL: stack.inboxUrl!.replace('localhost', '127.0.0.1'),
          E2E_ADMIN_EMAIL: stack.adminEmail,
          // Journeys that need data no screen creates (analytics over past orders) seed it here.
          E2E_DATABASE_URL: stack.databaseUrl,
          E2E_ENGINEER_EMAIL: ENGINEER_EMAIL,
          // The SMTP port of the stack's MailDev, for the journey that saves it as the admin's relay.
          E2E_MAILDEV_SMTP_PORT: env.MAILDEV_SMTP_PORT!,
          // The S3 journeys read the bucket back, and the bytes the gateway and the storefront read (/proc).
          ...(stack.localS3 && {
            E2E_S3_SETTINGS: JSON.stringify(stack.localS3),
            E2E_GATEWAY_PID: String(stack.pidOf('gateway')),
            E2E_STOREFRONT_PID: String(stack.pidOf('storefront')),
          }),
          // Headless Chromium starts at TestCafe's 1280 x 800; "maximize" (restoreWindow, after a journey at a
          // phone's width) would otherwise make it 1920 x 1080, so every later journey ran in a window twice the
          // size (twice the pixels to draw) and saw a different layout depending on which file ran first.
          MAXIMIZED_HEADLESS_WINDOW_SIZE: '1280x800',
        },
      },
    );
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        if (BROWSER_LOST.test(line)) browserLost = true;
        output.push(line);
        console.log(`${label} ${line}`);
      });
    }
    child.on('close', (code) => {
      endBrowsersOf(browser);
      resolve({ code: code ?? 1, browserLost, report: readReport(report), output });
    });
  });
}

/**
 * Ends the Chromium that TestCafe started for `browser` (by its DevTools port) when it outlived TestCafe: after
 * every CI run both groups' browsers were still running, orphaned, their pages polling a stack that had
 * stopped (a quarter of a core between them, taken from the group still running and from the unit tests).
 */
function endBrowsersOf(browser: string): void {
  const port = /cdpPort=(\d+)/.exec(browser)?.[1];
  if (!port || !existsSync('/proc')) return;
  const flag = `--remote-debugging-port=${port}`;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (args.includes(flag)) process.kill(Number(pid), 'SIGTERM');
    } catch {
      // The process ended while we looked.
    }
  }
}

const { groups, fuzzGroup } = journeyGroups(process.argv.slice(2));

// Built first as a phase of its own (for the CI timing lines); the stacks then find every build fresh.
// scripts/test-suites.ts builds before it starts this script (E2E_BUILT), so the timing lines show one build.
if (!process.env.E2E_BUILT) await timedPhase('build', buildSite);
const sites = await timedPhase('stack', () =>
  Promise.all(groups.map((group, i) => startJourneySite(`mastering-e2e-${i + 1}`, group.storage))),
);
// Each group's report, and the one of its second run if TestCafe stops it early (below).
const reports = sites.map((site) =>
  ['journeys.json', 'journeys-again.json'].map((name) => path.join(site.dataDir, name)),
);
// One DevTools port per group, chosen here: TestCafe would pick one with a port-0 bind, which the other group's
// TestCafe and the unit tests' servers could take before Chromium binds it a second or two later (seen in CI:
// ECONNREFUSED, "Unable to open the browser"). freePort's come from below that range.
const browserOnFreePort = async () =>
  process.env.E2E_BROWSER ?? `chromium:headless:cdpPort=${await freePort()} ${CHROMIUM_FLAGS}`;
const browsers: string[] = [];
for (const _ of groups) browsers.push(await browserOnFreePort());

/** The fuzz's seconds in this run, recorded with the journeys' for the next plan. */
let fuzzSeconds = 0;

/** Fuzzes the API of `site` from its OpenAPI document (`npm run test:fuzz` runs it alone); true when it found no problem. */
function fuzz(site: JourneySite): Promise<boolean> {
  const started = Date.now();
  return timedPhase('fuzz', () =>
    fuzzStack(site)
      .catch((err: unknown) => {
        console.error('✖ fuzz:', err);
        return false;
      })
      .finally(() => (fuzzSeconds = Math.round((Date.now() - started) / 1000))),
  );
}

/** Runs group `i` and judges it (judgeGroup): once more from where it stopped if its browser was lost, at most once. */
const runs = groups.map(async ({ files }, i): Promise<{ verdict: Verdict; site: JourneySite }> => {
  const label = groups.length > 1 ? `${i + 1}│` : undefined;
  if (label) console.log(`${label} journeys: ${files.map((f) => path.basename(f, '.test.ts')).join(', ')}`);
  const first = await runJourneys(files, sites[i]!, reports[i]![0]!, browsers[i]!, label);
  const reported = first.report?.fixtures.map((fixture) => fixture.path) ?? [];
  const verdict = judgeGroup(first, () => unfinishedFiles(files, first.output, reported), false);
  if (verdict.outcome !== 'again') return { verdict, site: sites[i]! };
  // The group goes on once more, with a browser on another port, on what the journeys before left: each journey
  // makes its own customers and orders. Its report is a second one; the passed journeys stay passed.
  console.log(
    `${label ?? ''} TestCafe stopped the group (its browser, above): ${verdict.files.length} of ${files.length} files once more`,
  );
  const again = await runJourneys(verdict.files, sites[i]!, reports[i]![1]!, await browserOnFreePort(), label);
  return { verdict: judgeGroup(again, () => verdict.files, true), site: sites[i]! };
});
// The API is fuzzed on the stack of the group planned with it, after its journeys (whose data it finds), while
// the other group goes on (so the "fuzz" timing line overlaps "e2e"). Skipped when only some journeys were asked for.
const fuzzed = fuzzGroup < 0 ? Promise.resolve(true) : runs[fuzzGroup]!.then(({ site }) => fuzz(site));
const ended = await timedPhase('e2e', () => Promise.all(runs));
const passed = ended.map((run) => run.verdict.outcome === 'passed');
printJourneyProfile(reports.flat());
// A failed group's services say what they warned of (the stacks log at warn), before their folders go.
for (const [i, site] of sites.entries()) {
  if (!passed[i]) printLogTails(path.join(site.dataDir, 'logs'), `${i + 1}│`);
}
const fuzzPassed = await fuzzed;
// A full run that passed records its seconds, from which the next run plans its groups.
if (fuzzGroup >= 0 && passed.every(Boolean) && fuzzPassed) {
  // The planned groups' journeys only: the S3 group is not planned (it always runs alone).
  const planned = reports.filter((_, i) => groups[i]!.storage === 'local');
  const whole = planned.flat().flatMap((file) => readReport(file) ?? []);
  recordJourneySeconds({ files: secondsByFile(whole), fuzz: fuzzSeconds });
}

const healthy = sites.every((site) => !site.failed());
for (const site of sites) await site.stop();
// Last, so a log read from its tail says which journeys failed and how (from TestCafe's JSON report).
for (const [i, { verdict }] of ended.entries()) {
  if (verdict.outcome !== 'failed') continue;
  console.log(`✖ journeys group ${i + 1} failed:`);
  for (const line of verdict.why) console.log(`${i + 1}│ ${line}`);
}
for (const [i, site] of sites.entries()) {
  if (site.failed())
    console.log(`✖ a service of group ${i + 1}'s stack stopped during the run (its "✖ … exited" above)`);
}
process.exit(passed.every(Boolean) && fuzzPassed && healthy ? 0 : 1);
