/**
 * `tsx ../packages/ui/build/cli.ts build|dev`, run from an app directory: loads the app's
 * webpack.config.ts and builds it (production) or serves it with webpack-dev-server.
 * webpack-cli is not used: it needs a newer Node than the one we run on.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Configuration, Stats } from 'webpack';

const command = process.argv[2];
if (command !== 'build' && command !== 'dev') {
  console.error('usage: tsx packages/ui/build/cli.ts build|dev  (from an app directory)');
  process.exit(2);
}
// Set before the config is imported: federatedApp reads it to pick the mode.
process.env.NODE_ENV ??= command === 'build' ? 'production' : 'development';

const { default: webpack } = await import('webpack');
const configModule = (await import(pathToFileURL(path.resolve('webpack.config.ts')).href)) as {
  default: Configuration;
};
const config = configModule.default;

if (command === 'build') await build(config);
else await serve(config);

/** Runs one production build, prints a short summary, exits non-zero on errors. */
async function build(cfg: Configuration): Promise<void> {
  const started = performance.now();
  const compiler = webpack(cfg);
  const stats = await new Promise<Stats | undefined>((resolve, reject) =>
    compiler.run((err, result) => (err ? reject(err) : resolve(result))),
  );
  // Closing flushes the filesystem cache so the next build is fast.
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  if (!stats) throw new Error('webpack returned no stats');
  const text = stats.toString({ preset: 'errors-warnings', colors: process.stdout.isTTY });
  if (text.trim()) console.log(text);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (stats.hasErrors()) {
    console.error(`${cfg.name}: build failed after ${seconds}s`);
    process.exit(1);
  }
  console.log(`${cfg.name}: built ${cfg.output?.path} in ${seconds}s`);
}

/** Serves the app with webpack-dev-server until interrupted. */
async function serve(cfg: Configuration): Promise<void> {
  const { default: WebpackDevServer } = await import('webpack-dev-server');
  const server = new WebpackDevServer(cfg.devServer ?? {}, webpack(cfg));
  await server.start();
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
