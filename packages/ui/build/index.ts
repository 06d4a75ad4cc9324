import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/postcss';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import type { Compilation, Configuration, WebpackPluginInstance } from 'webpack';
import {
  documentTitle,
  REMOTE_ENTRY_FILE,
  remoteApp,
  REMOTES_URL,
  SHELL_APP,
  SITE_DESCRIPTION,
  type RemoteId,
} from '@mastering/contracts';
import { themeBootScript } from '../src/theme/theme-preference';
import {
  APP_ENTRY_ATTRIBUTE,
  appStartScript,
  CompileHintPlugin,
  type StartChunksCompilation,
  startChunkFiles,
} from './app-start';
import { scopeRemoteUtilities } from './scope-remote-css';

const require = createRequire(import.meta.url);
const buildDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The contracts package's sources: zod schemas built at module level, most of which a given app never uses
 * (the storefront evaluated about 30 ms of them, 4x that on a mobile CPU, on every first load).
 */
const CONTRACTS_SOURCE = path.dirname(require.resolve('@mastering/contracts'));

/** Options of one federated front-end app: the shell (host) or a remote. */
export interface FederatedAppOptions {
  /** Federation container name, e.g. `mf_admin_email`; the host is `shell`. */
  name: string;
  /** The app's directory (where its package.json and src/ live). */
  dir: string;
  /** Modules a remote exposes, e.g. `{ './routes': './src/routes.tsx' }`. */
  exposes?: Record<string, string>;
  /** True for the shell: served at `/`, exposes nothing, loads remotes at run time. */
  host?: boolean;
  /** Port of `npm run dev` for this app. */
  devPort?: number;
  /** Title of the standalone development page (remotes) or of the site (shell). */
  title?: string;
}

/**
 * The single list of packages that must exist once per page (React contexts, the query cache,
 * toasts and theme live in them). Workspace packages have no published version to compare.
 * `@mastering/contracts` is deliberately absent: it holds no state, and sharing it loaded-first
 * would hand a remote redeployed with newer contracts the shell's older copy. Each app bundles its own.
 * `react-router` itself is deliberately absent: react-router-dom re-exports it with `export *`, and
 * sharing both made cached (filesystem) builds lose those re-exports (createBrowserRouter undefined).
 * Always import routing from react-router-dom; what is shared under that name is its facade (FACADES).
 * `zod` (each app's contracts use it) is not shared either: a shared module cannot be tree-shaken,
 * and the whole of zod (76 KB brotli) is more than the two tree-shaken copies (31 KB each) together.
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-router-dom',
  '@tanstack/react-query',
  '@mastering/ui',
  // Entries of the design system that the home page needs without the rest (see packages/ui/src/core.ts).
  '@mastering/ui/core',
  '@mastering/ui/theme-menu',
] as const;

/**
 * What the federation shares under a package's name, for packages whose whole is more than the apps
 * use: the list of the names they import (src/router.ts, src/query.ts) instead of the package, so
 * each build tree-shakes the rest away (a shared module cannot be tree-shaken).
 */
const FACADES: Readonly<Record<string, string>> = {
  'react-router-dom': path.join(buildDir, '..', 'src', 'router.ts'),
  '@tanstack/react-query': path.join(buildDir, '..', 'src', 'query.ts'),
};

/** The version of an installed package: its facade provides it under that version. */
function installedVersion(pkg: string): string {
  return (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version;
}

/**
 * The production JavaScript minifier: SWC's, run by the minimizer plugin webpack itself uses for its
 * default (terser). Terser took more than half of the build's CPU time (a cold `npm run build`: 329 s
 * of CPU with terser, 148 s with SWC on two cores); SWC does the same dead-code removal and mangling
 * natively, and the first load of `/` stayed at 164 KB brotli.
 * (esbuild's minifier was the fast one before terser, but it keeps the functions tree-shaking left
 * unreferenced inside a module: react-router 47 KB brotli instead of 27.) The plugin is resolved
 * from webpack's own dependencies so its version is the one webpack is tested with.
 */
export function javascriptMinimizer(): WebpackPluginInstance {
  const fromWebpack = createRequire(require.resolve('webpack'));
  const MinimizerPlugin = fromWebpack('minimizer-webpack-plugin') as {
    new (options: object): WebpackPluginInstance;
    swcMinify: unknown;
  };
  return new MinimizerPlugin({
    minify: MinimizerPlugin.swcMinify,
    terserOptions: { compress: { passes: 2 }, mangle: true },
  });
}

/** Paths the standalone dev server forwards to the gateway (the spec's server-side paths). */
const GATEWAY_PATHS = ['/api', '/auth', '/media', '/uploads'];

type PackageJson = { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };

function readPackageJson(file: string): PackageJson {
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

/** Package name of a request such as `react-dom/client` or `@scope/pkg/sub`. */
export function packageNameOf(request: string): string {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The ModuleFederation `shared` map: every singleton with the version range the app (or, failing
 * that, the ui package it builds on) declares; workspace packages (`*`) skip the version check.
 * With `fromShell` (production remotes), the app bundles no copy of its own (`import: false`): the
 * shell always loads first and provides every singleton, so a remote's fallback copies were never
 * loaded, while building them (react-dom, the design system, once more per remote) was about a third
 * of a cold build's CPU. A remote served standalone by its dev server has no shell: it keeps its copies.
 */
export function sharedSingletons(
  appDependencies: Record<string, string>,
  uiDependencies: Record<string, string>,
  { fromShell = false } = {},
) {
  return Object.fromEntries(
    SINGLETONS.map((request) => {
      const pkg = packageNameOf(request);
      const range = appDependencies[pkg] ?? uiDependencies[pkg];
      const isWorkspace = pkg.startsWith('@mastering/') || range === '*' || range === undefined;
      const config = { singleton: true, requiredVersion: isWorkspace ? (false as const) : range };
      if (fromShell) return [request, { ...config, import: false as const }];
      const facade = FACADES[request];
      return [request, facade ? { ...config, import: facade, version: installedVersion(request) } : config];
    }),
  );
}

/**
 * The federation runtime ships once per page: the shell bundles it and provides it to the remotes,
 * and each production remote takes it from there (`externalRuntime`) instead of carrying its own copy
 * (31 KB brotli each). A remote served standalone by its dev server has no shell to take it from, so
 * development builds keep their own. All of them drop the runtime's Node code (`target: 'web'`) and
 * its snapshot code (`disableSnapshot`: the manifest reader and asset preloader, which the shell does
 * not use since /mf/remotes.json points at each remote's remoteEntry.js).
 * The shell provides the runtime with the plugin `provideExternalRuntime` would add, but by its ES
 * module entry (see PROVIDE_RUNTIME_PLUGIN).
 */
export function federationExperiments(host: boolean, production: boolean) {
  const optimization = { target: 'web' as const, disableSnapshot: true };
  if (host) return { optimization };
  return production ? { externalRuntime: true, optimization } : { optimization };
}

/** The runtime plugin that hands the shell's federation runtime to the remotes (global `_FEDERATION_RUNTIME_CORE`). */
const PROVIDE_RUNTIME_PLUGIN = '@module-federation/inject-external-runtime-core-plugin';

/**
 * The ES module file of a package the federation plugin depends on. `provideExternalRuntime: true`
 * adds PROVIDE_RUNTIME_PLUGIN by `require.resolve`, i.e. its CommonJS file, which requires the
 * CommonJS build of the whole runtime: the shell's main.js then held the runtime twice (the ES one
 * its own code imports, and that one): 32 KB brotli, 22 KB with one copy and no snapshot code.
 */
export function federationEsmEntry(pkg: string): string {
  const fromFederation = createRequire(require.resolve('@module-federation/enhanced/webpack'));
  // The package's main file, then up to its folder (its package.json is not among its exports).
  let dir = path.dirname(fromFederation.resolve(pkg));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const { exports } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    exports: { '.': { import: { default: string } } };
  };
  return path.join(dir, exports['.'].import.default);
}

/**
 * What every page's first load needs before it draws, in one chunk of the shell: React, react-dom and its
 * scheduler, the router and query client (their facades too), and the class-name helpers. The federation
 * gives each shared module a chunk of its own: `/` asked for 12 script files after main.js, 7 of them
 * under 4 KB, queued on HTTP/1.1's six connections. Each of these is loaded on every page anyway, so one
 * file costs nothing more; the design system's entries stay apart, as the home page needs only part of it.
 */
const FIRST_LOAD_CHUNK = {
  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|clsx|tailwind-merge)[\\/]|[\\/]packages[\\/]ui[\\/]src[\\/](router|query)\.ts$/,
  name: 'first-load',
  chunks: 'async' as const,
  enforce: true,
};

/** Runtime plugins of an app: the shell provides its runtime to the remotes. */
export function federationRuntimePlugins(host: boolean): string[] {
  return host ? [federationEsmEntry(PROVIDE_RUNTIME_PLUGIN)] : [];
}

/** webpack configuration of a remote, named, placed and exposed as its REMOTE_APPS entry in contracts says. */
export function remoteBuild(id: RemoteId, dir: string): Configuration {
  const { name, exposes, devPort, title } = remoteApp(id);
  return federatedApp({ name, dir, exposes, devPort, title });
}

/** webpack configuration of the shell (the host), as SHELL_APP in contracts says. */
export function shellBuild(dir: string): Configuration {
  const { name, devPort } = SHELL_APP;
  return federatedApp({ name, dir, devPort, title: documentTitle(), host: true });
}

/** webpack's compilation as startChunkFiles reads it (its chunk groups' origins are typed loosely by webpack). */
const asStartChunks = (compilation: Compilation) => compilation as unknown as StartChunksCompilation;

/** webpack configuration for the shell or a remote: the one build shared by every front-end app. */
export function federatedApp(options: FederatedAppOptions): Configuration {
  const { name, dir, exposes = {}, host = false } = options;
  const production = process.env.NODE_ENV === 'production';
  const appPackage = readPackageJson(path.join(dir, 'package.json'));
  const uiPackage = readPackageJson(path.join(buildDir, '..', 'package.json'));
  const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';
  // In development the shell reads /mf/remotes.json (and the built remotes) from the gateway too.
  const proxied = host ? [...GATEWAY_PATHS, '/mf'] : GATEWAY_PATHS;

  return {
    name,
    context: dir,
    mode: production ? 'production' : 'development',
    target: 'web',
    entry: { main: './src/index.ts' },
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      // Entry files keep stable names: the federation runtime cannot load a hashed remoteEntry.
      filename: '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      publicPath: host ? '/' : 'auto',
      uniqueName: name,
      clean: true,
    },
    resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: require.resolve('esbuild-loader'),
          options: { target: 'es2022', jsx: 'automatic' },
        },
        {
          // After esbuild, the contracts' module-level calls (each zod schema) are marked pure, so the
          // minifier drops the schemas an app never uses; webpack cannot know a call to zod has no side effects.
          test: /\.ts$/,
          include: CONTRACTS_SOURCE,
          enforce: 'post',
          loader: require.resolve('babel-loader'),
          options: {
            babelrc: false,
            configFile: false,
            plugins: [require.resolve('babel-plugin-annotate-pure-calls')],
          },
        },
        {
          test: /\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            require.resolve('css-loader'),
            {
              loader: require.resolve('postcss-loader'),
              // `base` makes Tailwind scan this app's sources; ui's stylesheet adds its own @source.
              options: {
                postcssOptions: {
                  plugins: [
                    tailwindcss({ base: dir, optimize: production }),
                    ...(host ? [] : [scopeRemoteUtilities(name)]),
                  ],
                },
              },
            },
          ],
        },
        { test: /\.(png|jpe?g|svg|webp|woff2?)$/, type: 'asset/resource' },
        // Audio keeps its name under audio/: the shell's placeholder is served at PLACEHOLDER_AUDIO_URL.
        { test: /\.wav$/, type: 'asset/resource', generator: { filename: 'audio/[name][ext]' } },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      }),
      new HtmlWebpackPlugin({
        template: host ? path.join(dir, 'src', 'index.html') : path.join(buildDir, 'standalone.html'),
        title: options.title ?? name,
        favicon: host ? path.join(dir, 'src', 'favicon.svg') : undefined,
        themeScript: themeBootScript(),
        description: SITE_DESCRIPTION,
        remotesUrl: REMOTES_URL,
        chunks: ['main'],
        // The shell's template writes its own tags: it preloads the entry and the files the entry loads
        // before the first render (startFiles, of the template's `compilation`), and starts the entry with
        // appStartScript.
        inject: !host,
        appEntryAttribute: APP_ENTRY_ATTRIBUTE,
        startScript: appStartScript(),
        startFiles: (compilation: Compilation) => startChunkFiles(asStartChunks(compilation)),
      }),
      // The shell's entry and what it loads before the first render; a remote's entry (every page of it runs that).
      new CompileHintPlugin((compilation) =>
        host
          ? [...(compilation.entrypoints.get('main')?.getFiles() ?? []), ...startChunkFiles(asStartChunks(compilation))]
          : [REMOTE_ENTRY_FILE],
      ),
      new ModuleFederationPlugin({
        name,
        filename: REMOTE_ENTRY_FILE,
        exposes,
        // Remote locations come from /mf/remotes.json at run time, never from the build.
        remotes: {},
        shared: sharedSingletons(
          { ...appPackage.peerDependencies, ...appPackage.dependencies },
          { ...uiPackage.peerDependencies, ...uiPackage.dependencies },
          { fromShell: production && !host },
        ),
        // The shell loads first and provides every singleton; remotes reuse what is loaded.
        shareStrategy: 'loaded-first',
        experiments: federationExperiments(host, production),
        runtimePlugins: federationRuntimePlugins(host),
        // No mf-manifest.json: the shell loads each remote by its remoteEntry.js (federationExperiments).
        manifest: false,
        dts: false,
      }),
    ],
    optimization: {
      minimizer: [javascriptMinimizer()],
      ...(host && production ? { splitChunks: { cacheGroups: { firstLoad: FIRST_LOAD_CHUNK } } } : {}),
    },
    performance: { hints: false },
    // On disk, so the next build of this checkout reuses the last one's work. A checkout's only build (CI on a fresh
    // clone: .ci/run sets WEBPACK_CACHE=off) would just pay for writing it: about 3 s of a 32 s cold build.
    cache:
      process.env.WEBPACK_CACHE === 'off'
        ? false
        : {
            type: 'filesystem',
            cacheDirectory: path.join(dir, 'node_modules', '.cache', 'webpack'),
            name: `${name}-${production ? 'production' : 'development'}`,
            buildDependencies: { config: [fileURLToPath(import.meta.url), path.join(dir, 'webpack.config.ts')] },
          },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
    devServer: {
      port: options.devPort,
      historyApiFallback: true,
      hot: false,
      liveReload: true,
      // A shell running elsewhere may load this remote during development.
      headers: host ? {} : { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: proxied, target: gateway, changeOrigin: false }],
      client: { overlay: { warnings: false } },
    },
  };
}
