import { rmSync } from 'node:fs';
import path from 'node:path';
import { postgresTempDir } from '@mastering/db';
import { Supervisor } from './supervisor';

/**
 * What every benchmark run shares: a throwaway folder (PostgreSQL's data, storage, logs), a supervisor
 * for its processes, and `main(run)`, which runs the benchmark and then, or on Ctrl-C or a process
 * dying, stops everything (PostgreSQL last), calls `cleanup`, deletes the folder and exits.
 */
export function benchHarness(prefix: string, cleanup: () => void = () => {}) {
  const work = postgresTempDir(prefix);
  const supervisor = new Supervisor(path.join(work, 'logs'), (name, code, tail) => {
    console.error(`✖ ${name} exited (code ${code}) during the benchmark:\n${tail.join('\n')}`);
    void finish(1);
  });
  let finishing: Promise<never> | null = null;
  const finish = (code: number): Promise<never> => {
    finishing ??= (async () => {
      await supervisor.stopAll().catch((err: Error) => console.error(`✖ ${err.message}`));
      cleanup();
      rmSync(work, { recursive: true, force: true });
      process.exit(code);
    })();
    return finishing;
  };
  process.on('SIGINT', () => void finish(130));
  process.on('SIGTERM', () => void finish(143));
  const main = async (run: () => Promise<void>): Promise<never> => {
    try {
      await run();
      return await finish(0);
    } catch (err) {
      console.error(`✖ ${(err as Error).stack ?? err}`);
      return finish(1);
    }
  };
  return { work, supervisor, main };
}
