import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultRemotesManifest, REMOTE_APPS, REMOTE_ENTRY_FILE, SHELL_APP } from '@mastering/contracts';
import postcss from 'postcss';
import { type TransformOptions, transformAsync } from '@babel/core';
import type { Configuration, RuleSetRule } from 'webpack';
import { describe, expect, it, vi } from 'vitest';
import { federationRuntimePlugins, packageNameOf, remoteBuild, sharedSingletons, shellBuild } from '../build/index';
import { remoteScopeSelector, scopeRemoteUtilities } from '../build/scope-remote-css';
import { CLASS_SOURCES } from '../build/tailwind-merge-config';

describe('sharedSingletons', () => {
  const shared = sharedSingletons(
    { react: '^19.3.1', '@mastering/ui': '*' },
    { 'react-dom': '^19.3.1', 'react-router-dom': '^7.18.5', '@tanstack/react-query': '^5.108.0' },
  );

  it('shares every singleton once per page, and not the stateless contracts', () => {
    expect(Object.keys(shared).sort()).toEqual(
      [
        '@mastering/ui',
        '@mastering/ui/core',
        '@mastering/ui/theme-menu',
        '@tanstack/react-query',
        'react',
        'react-dom',
        'react-dom/client',
        'react-router-dom',
        'react/jsx-runtime',
      ].sort(),
    );
    for (const config of Object.values(shared)) expect(config.singleton).toBe(true);
  });

  it('takes versions from the app, then from ui; workspace packages skip the check', () => {
    expect(shared.react!.requiredVersion).toBe('^19.3.1');
    expect(shared['react-dom/client']!.requiredVersion).toBe('^19.3.1');
    expect(shared['react/jsx-runtime']!.requiredVersion).toBe('^19.3.1');
    expect(shared['@mastering/ui']!.requiredVersion).toBe(false);
  });

  it('shares react-router-dom as the list of routing names the apps use, under the installed version', () => {
    const router = shared['react-router-dom'] as { import?: string; version?: string; requiredVersion?: string };
    expect(router.import).toMatch(/packages\/ui\/src\/router\.ts$/);
    expect(router.version).toMatch(/^7\./);
    expect(router.requiredVersion).toBe('^7.18.5');
  });

  it('in a production remote, bundles no singleton: each comes from the shell, version-checked as before', () => {
    const fromShell = sharedSingletons({ react: '^19.3.1' }, { 'react-router-dom': '^7.18.5' }, { fromShell: true });
    expect(Object.keys(fromShell).sort()).toEqual(Object.keys(shared).sort());
    for (const config of Object.values(fromShell)) expect(config).toMatchObject({ singleton: true, import: false });
    expect(fromShell.react!.requiredVersion).toBe('^19.3.1');
    expect(fromShell['react-router-dom']!.requiredVersion).toBe('^7.18.5');
  });

  it('names the package of a deep request', () => {
    expect(packageNameOf('react-dom/client')).toBe('react-dom');
    expect(packageNameOf('@tanstack/react-query')).toBe('@tanstack/react-query');
    expect(packageNameOf('@scope/pkg/sub/path')).toBe('@scope/pkg');
  });
});

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe("the design system's entries", () => {
  /** The files an entry loads when a page imports it: its own, and those they import statically (not import()). */
  function staticGraph(entry: string): Map<string, string> {
    const files = new Map<string, string>();
    const visit = (file: string) => {
      if (files.has(file)) return;
      const source = readFileSync(file, 'utf8');
      files.set(file, source);
      for (const [, request] of source.matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^']+)'/gm)) {
        const target = request!.startsWith('.')
          ? path.resolve(path.dirname(file), request!)
          : request === '@mastering/ui/core'
            ? path.join(repoRoot, 'packages/ui/src/core')
            : null;
        if (!target) continue;
        const found = ['.ts', '.tsx', '/index.ts'].map((ext) => target + ext).find((f) => existsSync(f));
        if (found) visit(found);
      }
    };
    visit(entry);
    return files;
  }

  it.each(['index.ts', 'core.ts'])(
    '%s does not bring the theme menu: an entry of its own, which the storefront fetches on intent',
    (entry) => {
      const importers = [...staticGraph(path.join(repoRoot, 'packages/ui/src', entry))]
        .filter(([, source]) =>
          /^(import|export)\b[^;]*?\bfrom '(@mastering\/ui\/theme-menu|[./]+theme\/theme-menu)'/m.test(source),
        )
        .map(([file]) => path.relative(repoRoot, file));
      expect(importers).toEqual([]);
    },
  );
});

describe('the facades shared in place of whole packages', () => {
  const sources = CLASS_SOURCES.flatMap((dir) =>
    readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
      // The React test kit and the build's prerender (it runs in Node) are never built into an app:
      // they may use what a facade leaves out.
      .filter((file) => /\.tsx?$/.test(file) && file !== 'testing.tsx' && file !== 'prerender.tsx')
      .map((file) => readFileSync(path.join(repoRoot, dir, file), 'utf8')),
  );
  /** The names (not types) the apps import from `pkg`. */
  const importedFrom = (pkg: string) =>
    new Set(
      sources.flatMap((source) =>
        [...source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)].flatMap((match) =>
          match[1] || match[3] !== pkg
            ? []
            : match[2]
                .split(',')
                .map((name) => name.trim())
                .filter((name) => name && !name.startsWith('type ')),
        ),
      ),
    );

  // The build only warns about a missing export and the page then fails at run time; this fails first.
  it.each([
    ['react-router-dom', () => import('../src/router')],
    ['@tanstack/react-query', () => import('../src/query')],
  ])('exports every name an app imports from %s', async (pkg, load) => {
    const facade = await load();
    const imported = importedFrom(pkg);
    expect(imported.size).toBeGreaterThan(5);
    for (const name of imported) expect(Object.keys(facade), name).toContain(name.split(/\s+as\s+/)[0]);
  });

  it('shares each facade under its package’s name and installed version', () => {
    const shared = sharedSingletons({}, { 'react-router-dom': '^7.18.5', '@tanstack/react-query': '^5.108.0' });
    expect(shared['react-router-dom']).toMatchObject({
      import: expect.stringMatching(/packages\/ui\/src\/router\.ts$/),
    });
    expect(shared['@tanstack/react-query']).toMatchObject({
      import: expect.stringMatching(/packages\/ui\/src\/query\.ts$/),
      version: expect.stringMatching(/^5\./),
      requiredVersion: '^5.108.0',
    });
  });

  // The query facade names the package by its file (by its name the federation would answer with the
  // facade itself): it must be the very file the package's name resolves to for a bundler.
  it('takes react-query from the file its package name resolves to', () => {
    const fromUi = createRequire(path.join(repoRoot, 'packages/ui/package.json'));
    const manifestFile = fromUi.resolve('@tanstack/react-query/package.json');
    const { exports } = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      exports: { '.': { import: { default: string } } };
    };
    const entry = path.join(path.dirname(manifestFile), exports['.'].import.default);
    const facade = readFileSync(path.join(repoRoot, 'packages/ui/src/query.ts'), 'utf8');
    const [, request] = /from '([^']+)';/.exec(facade) ?? [];
    expect(path.resolve(repoRoot, 'packages/ui/src', request!)).toBe(entry);
  });
});

describe('remoteBuild and shellBuild', () => {
  const federation = (config: Configuration) =>
    (
      config.plugins!.find((p) => p?.constructor.name === 'ModuleFederationPlugin') as unknown as {
        _options: Record<string, unknown>;
      }
    )._options;

  it.each(REMOTE_APPS.map((app) => [app.id, app] as const))(
    'builds remote %s as its manifest entry says',
    (id, app) => {
      const config = remoteBuild(id, path.join(repoRoot, app.dir));
      const options = federation(config);
      expect(config.name).toBe(app.name);
      expect(config.devServer?.port).toBe(app.devPort);
      // The shell loads a remote by its remoteEntry.js (what /mf/remotes.json points at), not a manifest.
      expect(options).toMatchObject({
        name: app.name,
        exposes: app.exposes,
        filename: REMOTE_ENTRY_FILE,
        manifest: false,
      });
      expect(defaultRemotesManifest().remotes).toContainEqual({
        name: app.name,
        entry: `/mf/${app.dir}/${REMOTE_ENTRY_FILE}`,
      });
      expect(Object.keys(options.shared as object)).not.toContain('@mastering/contracts');
    },
  );

  it('builds the shell as the host, served at /, exposing nothing', () => {
    const config = shellBuild(path.join(repoRoot, SHELL_APP.dir));
    expect(config.name).toBe(SHELL_APP.name);
    expect(config.output?.publicPath).toBe('/');
    expect(federation(config)).toMatchObject({ name: 'shell', exposes: {}, manifest: false });
    expect(federation(config).runtimePlugins).toEqual(federationRuntimePlugins(true));
  });

  it('in production, the remotes take every singleton from the shell, which bundles them all', () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      const shellShared = federation(shellBuild(path.join(repoRoot, SHELL_APP.dir))).shared as Record<string, object>;
      for (const config of Object.values(shellShared)) expect(config).not.toHaveProperty('import', false);
      for (const app of REMOTE_APPS) {
        const shared = federation(remoteBuild(app.id, path.join(repoRoot, app.dir))).shared as Record<string, object>;
        expect(Object.keys(shared).sort()).toEqual(Object.keys(shellShared).sort());
        for (const config of Object.values(shared)) expect(config).toMatchObject({ import: false });
      }
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('in production, the shell puts what every first load needs in one chunk, and no remote does', () => {
    vi.stubEnv('NODE_ENV', 'production');
    try {
      const groups = shellBuild(path.join(repoRoot, SHELL_APP.dir)).optimization?.splitChunks;
      const firstLoad = (groups as { cacheGroups: Record<string, { test: RegExp; name: string }> }).cacheGroups
        .firstLoad!;
      expect(firstLoad.name).toBe('first-load');
      const modules = createRequire(path.join(repoRoot, 'packages', 'ui', 'package.json'));
      for (const request of ['react', 'react-dom/client', 'scheduler', 'react-router', '@tanstack/query-core', 'clsx'])
        expect(firstLoad.test.test(modules.resolve(request)), request).toBe(true);
      expect(firstLoad.test.test(path.join(repoRoot, 'packages', 'ui', 'src', 'router.ts'))).toBe(true);
      // The design system's entries and the icons stay apart: the home page needs only part of them.
      expect(firstLoad.test.test(path.join(repoRoot, 'packages', 'ui', 'src', 'core.ts'))).toBe(false);
      expect(firstLoad.test.test(modules.resolve('lucide-react'))).toBe(false);
      for (const app of REMOTE_APPS)
        expect(remoteBuild(app.id, path.join(repoRoot, app.dir)).optimization?.splitChunks).toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('minifies with SWC: code tree-shaking left unreferenced is dropped and names are mangled', async () => {
    const [minimizer] = shellBuild(path.join(repoRoot, SHELL_APP.dir)).optimization?.minimizer ?? [];
    const { implementation, options } = (
      minimizer as unknown as {
        options: { minimizer: { implementation: MinifyFunction; options: object } };
      }
    ).options.minimizer;
    expect(implementation.name).toBe('swcMinify');
    const source = [
      'function unused(longArgumentName) { return longArgumentName * 2; }',
      'export function shown(longArgumentName) { return longArgumentName + 1; }',
    ].join('\n');
    const { code } = await implementation({ 'main.js': source }, undefined, { ...options, module: true }, false);
    expect(code).not.toContain('unused');
    expect(code).not.toContain('longArgumentName');
  });

  it("marks the contracts' module-level calls pure, so the minifier drops a schema the app never uses", async () => {
    const config = shellBuild(path.join(repoRoot, SHELL_APP.dir));
    const contractsFile = path.join(repoRoot, 'packages', 'contracts', 'src', 'orders.ts');
    const rule = config.module!.rules!.find(
      (r): r is RuleSetRule => typeof r === 'object' && !!r && String(r.loader).includes('babel-loader'),
    )!;
    expect(rule).toMatchObject({ enforce: 'post' });
    expect((rule.test as RegExp).test(contractsFile)).toBe(true);
    expect(contractsFile.startsWith(String(rule.include))).toBe(true);
    expect(String(rule.include)).not.toContain('node_modules');
    // What esbuild hands on: schemas built at module level, one of them used, and one call for its side effect.
    const source = [
      'import { z } from "zod";',
      'const UnusedSchema = z.object({ neverRead: z.string().min(1) }).extend({ alsoNever: z.number() });',
      'export const UsedSchema = z.object({ shown: z.string() });',
      'z.config({ jitless: true });',
    ].join('\n');
    const annotated = (await transformAsync(source, {
      ...(rule.options as TransformOptions),
      filename: contractsFile,
    }))!.code!;
    const [minimizer] = config.optimization?.minimizer ?? [];
    const { implementation, options } = (
      minimizer as unknown as { options: { minimizer: { implementation: MinifyFunction; options: object } } }
    ).options.minimizer;
    const { code } = await implementation({ 'main.js': annotated }, undefined, { ...options, module: true }, false);
    expect(code).not.toMatch(/neverRead|alsoNever/);
    expect(code).toContain('shown');
    expect(code).toContain('jitless');
  });
});

type MinifyFunction = ((
  input: Record<string, string>,
  sourceMap: undefined,
  options: object,
  extractComments: boolean,
) => Promise<{ code: string }>) & { name: string };

describe('scopeRemoteUtilities', () => {
  const scope = remoteScopeSelector('mf_admin_ops');
  const run = (css: string) => postcss([scopeRemoteUtilities('mf_admin_ops')]).process(css, { from: undefined }).css;

  it('prefixes utilities, including those under media queries', () => {
    const out = run('@layer utilities{.p-4{padding:1rem}@media (width>=48rem){.md\\:p-8{padding:2rem}}}');
    expect(out).toContain(`${scope} .p-4{`);
    expect(out).toContain(`${scope} .md\\:p-8{`);
  });

  it('leaves theme, base and nested rules alone', () => {
    const out = run(
      '@layer base{body{margin:0}}@layer theme{:root{--x:1}}@layer utilities{.hover\\:x{&:hover{color:red}}}',
    );
    expect(out).toContain('body{margin:0}');
    expect(out).toContain(':root{--x:1}');
    expect(out).toContain(`${scope} .hover\\:x{&:hover{color:red}}`);
  });

  it('prefixes every selector of a list', () => {
    expect(run('@layer utilities{.a,.b{color:red}}')).toContain(`${scope} .a,${scope} .b{`);
  });
});
