import { rmSync } from 'node:fs';
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
 */
export async function benchStack(prefix: string, options: BenchStackOptions, cleanup: () => void = () => {}) {
  const site = await throwawaySite(prefix);
  const env = { ...site.env, ...options.env };
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
      cleanup();
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
