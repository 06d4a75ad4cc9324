import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import webpack from 'webpack';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_ATTRIBUTE,
  appStartScript,
  COMPILE_HINT,
  CompileHintPlugin,
  PAINT_WAIT_LIMIT_MS,
  type StartChunkGroup,
  type StartChunksCompilation,
  startChunkFiles,
} from '../build/app-start';

type Page = {
  prerendered?: boolean;
  hidden?: boolean;
  /** The entry types the browser's PerformanceObserver supports; none: it has no PerformanceObserver. */
  entryTypes?: string[] | null;
};

/**
 * Runs the start script on a page that preloads two entry scripts, in a stand-in of the browser's globals.
 * Returns the scripts it ran so far and the two ways the page can go on: a paint reported, the wait over.
 */
function load({ prerendered = false, hidden = false, entryTypes = ['paint', 'largest-contentful-paint'] }: Page) {
  const ran: { src: string; async: boolean }[] = [];
  const observers: { callback: (list: { getEntriesByName(name: string): unknown[] }) => void; options: unknown }[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = entryTypes;
    constructor(private callback: (typeof observers)[number]['callback']) {}
    observe(options: unknown) {
      observers.push({ callback: this.callback, options });
    }
  }
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    head: { appendChild: (script: { src: string; async: boolean }) => ran.push({ ...script }) },
    createElement: (tag: string) => {
      expect(tag).toBe('script');
      return { src: '', async: true };
    },
    getElementById: (id: string) => (id === 'root' ? { firstElementChild: prerendered ? {} : null } : null),
    querySelectorAll: (selector: string) =>
      selector === `link[${APP_ENTRY_ATTRIBUTE}]`
        ? [{ href: 'https://site.test/main.js' }, { href: 'https://site.test/second.js' }]
        : [],
  };
  runInNewContext(appStartScript(), {
    document,
    window: entryTypes ? { PerformanceObserver } : {},
    setTimeout: (callback: () => void, ms: number) => timers.push({ callback, ms }),
  });
  return {
    ran: () => ran.map((script) => script.src),
    inOrder: () => ran.every((script) => script.async === false),
    observers,
    paint: (name: string) => {
      for (const { callback } of observers)
        callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
    },
    waitOver: () => {
      for (const { callback } of timers) callback();
    },
    timers,
  };
}

const ENTRIES = ['https://site.test/main.js', 'https://site.test/second.js'];

describe('appStartScript', () => {
  it('runs the preloaded entry scripts at once, in order, on a page the app draws itself', () => {
    const page = load({ prerendered: false });
    expect(page.ran()).toEqual(ENTRIES);
    expect(page.inOrder()).toBe(true);
    expect(page.observers).toHaveLength(0);
  });

  it('runs a prerendered page’s scripts once its first contentful paint is reported, and only once', () => {
    const page = load({ prerendered: true });
    expect(page.ran()).toEqual([]);
    expect(page.observers[0]!.options).toEqual({ type: 'paint', buffered: true });
    page.paint('first-paint');
    expect(page.ran()).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.ran()).toEqual(ENTRIES);
    page.waitOver();
    page.paint('first-contentful-paint');
    expect(page.ran()).toEqual(ENTRIES);
  });

  it('starts a prerendered page whose paint is never reported when the wait is over', () => {
    const page = load({ prerendered: true });
    expect(page.timers.map((timer) => timer.ms)).toEqual([PAINT_WAIT_LIMIT_MS]);
    page.waitOver();
    expect(page.ran()).toEqual(ENTRIES);
  });

  it('does not wait for a paint a hidden tab or an older browser never reports', () => {
    expect(load({ prerendered: true, hidden: true }).ran()).toEqual(ENTRIES);
    expect(load({ prerendered: true, entryTypes: ['mark', 'measure'] }).ran()).toEqual(ENTRIES);
    expect(load({ prerendered: true, entryTypes: null }).ran()).toEqual(ENTRIES);
  });
});

describe('startChunkFiles', () => {
  const consume = (shareKey: string) => ({
    type: 'consume-shared-module',
    options: { shareKey },
    libIdent: () => null,
  });
  const provide = (key: string) => ({
    type: 'provide-module',
    libIdent: () => `webpack/sharing/provide/default/${key}`,
  });
  const group = (
    files: string[][],
    origins: StartChunkGroup['origins'],
    children: StartChunkGroup[] = [],
  ): StartChunkGroup => ({
    origins,
    chunks: files.map((chunkFiles) => ({ files: chunkFiles })),
    getChildren: () => children,
  });

  // The shell as webpack builds it: main.js imports ./bootstrap, which consumes React and the design system's core
  // (their fallbacks are its children); the shell provides them and the theme menu, which the start does not need.
  const bootstrap = group(
    [['394.css', '394.js']],
    [{ request: './bootstrap' }],
    [
      group([['first-load.js']], [{ module: consume('react') }]),
      group([['first-load.js'], ['438.js']], [{ module: consume('@mastering/ui/core') }]),
      group([['admin-frame.js']], [{ request: './admin/admin-frame' }]),
    ],
  );
  const compilation: StartChunksCompilation = {
    entrypoints: new Map([
      [
        'main',
        group(
          [['main.js']],
          [],
          [
            bootstrap,
            group([['first-load.js']], [{ module: provide('react') }]),
            group(
              [['first-load.js'], ['438.js'], ['545.js', '545.js.map']],
              [{ module: provide('@mastering/ui/core') }],
            ),
            group([['first-load.js'], ['111.js']], [{ module: provide('@mastering/ui/theme-menu') }]),
          ],
        ),
      ],
    ]),
  };

  it('lists the start chunk and the chunks providing what it consumes, once each, not lazy routes nor unused shares', () => {
    expect(startChunkFiles(compilation)).toEqual(['394.css', '394.js', 'first-load.js', '438.js', '545.js']);
  });

  it('fails the build when a consumed module has no provider it can name (webpack named them otherwise)', () => {
    const renamed = group(
      [['main.js']],
      [],
      [bootstrap, group([['first-load.js']], [{ module: { ...provide('react'), libIdent: () => 'provide/react' } }])],
    );
    expect(() => startChunkFiles({ entrypoints: new Map([['main', renamed]]) })).toThrow(
      'no provider found for the shared react, @mastering/ui/core',
    );
  });

  it('fails the build when the entry no longer imports its start chunk', () => {
    expect(() => startChunkFiles(compilation, 'main', './start')).toThrow("the entry main has no import('./start')");
  });
});

describe('CompileHintPlugin', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('puts the compile hint atop the scripts named, after minification, and on no other script', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'compile-hint-'));
    writeFileSync(path.join(dir, 'index.js'), "import('./later').then((m) => console.log(m.answer));\n");
    writeFileSync(path.join(dir, 'later.js'), 'export const answer = 42;\n');
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: { main: './index.js' },
      output: { path: path.join(dir, 'dist'), filename: '[name].js', chunkFilename: '[name].[contenthash:8].js' },
      plugins: [new CompileHintPlugin((compilation) => [...compilation.entrypoints.get('main')!.getFiles()])],
    });
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      compiler.run((err, result) => (err ? reject(err) : resolve(result!))),
    );
    expect(stats.hasErrors()).toBe(false);
    const scripts = readdirSync(path.join(dir, 'dist')).filter((file) => file.endsWith('.js'));
    const first = (file: string) => readFileSync(path.join(dir, 'dist', file), 'utf8').split('\n')[0];
    expect(first('main.js')).toBe(COMPILE_HINT);
    expect(scripts.filter((file) => file !== 'main.js').map(first)).not.toContain(COMPILE_HINT);
    expect(scripts).toHaveLength(2);
  });
});
