// Timing lines for `.ci/run`: a phase measured inside a script (build, e2e, fuzz) is printed and, when
// CI_TIMINGS_FILE is set, appended there so `.ci/run` lists it with its own phases.
import { appendFileSync } from 'node:fs';

/** Runs `work` as phase `name`, prints its seconds and records them for `.ci/run` (also when it throws). */
export async function timedPhase<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`⏱ ${name}: ${seconds} s`);
    if (process.env.CI_TIMINGS_FILE) appendFileSync(process.env.CI_TIMINGS_FILE, `${name} ${seconds}\n`);
  }
}
