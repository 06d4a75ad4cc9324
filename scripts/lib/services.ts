import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { ROOT } from './paths';
import { SERVICE_PORTS, type ServiceName } from '@mastering/service-kit/ports';

export type { ServiceName };
/** The back-end processes built from services/<name>/src/server.ts (the Yoco sandbox only runs locally). */
export const SERVICES = Object.keys(SERVICE_PORTS) as ServiceName[];

/** Where a service's bundle is written and run from. */
export const serviceBundle = (name: ServiceName) => path.join(ROOT, 'services', name, 'dist', 'server.mjs');

/** The command line that runs a built service (source maps keep stack traces pointing at the .ts files). */
export const serviceCommand = (name: ServiceName) => ({
  command: process.execPath,
  args: ['--enable-source-maps', serviceBundle(name)],
});

/**
 * Bundles each service with esbuild into one ES module: our TypeScript (the service and the
 * @mastering/* packages) is compiled in, npm dependencies stay external and load from node_modules.
 * A bundle starts about three times faster than running the sources through tsx, and is what a
 * deployment runs. Takes well under a second per service, so `npm start` always rebuilds them.
 */
export async function bundleServices(names: readonly ServiceName[] = SERVICES): Promise<void> {
  await Promise.all(names.map((name) => build(bundleOptions(name))));
}

/** How `bundleServices` builds one service (tests read its metafile to see what a service loads). */
export function bundleOptions(name: ServiceName): BuildOptions {
  return {
    entryPoints: [path.join(ROOT, 'services', name, 'src', 'server.ts')],
    outfile: serviceBundle(name),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-npm-packages',
        setup(b) {
          // Bare imports are npm packages (kept external) unless they are our own workspaces.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@mastering/') ? undefined : { external: true },
          );
        },
      },
    ],
  };
}
