// How a page starts the front end's code. The shell's template (shell/src/index.html) preloads the entry
// scripts (`<link rel="preload" as="script" data-app-entry>`, so they download while the HTML parses) and
// what they load before the first render (startChunkFiles), and ends its body with appStartScript, which
// runs the entry; the scripts every page runs at start carry V8's compile hint (CompileHintPlugin).
import type { Compilation, Compiler } from 'webpack';

/** The attribute that marks the entry scripts' preload links, which the start script runs. */
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';

/** How long a prerendered page waits for its first paint to be reported before it starts anyway. */
export const PAINT_WAIT_LIMIT_MS = 2000;

/**
 * Inline script at the end of the shell's `<body>`: runs the entry scripts the page preloads, in order.
 * A page prerendered at build time (its `#root` already holds its first screen) runs them only once the
 * browser reports its first contentful paint: that screen is then on the glass before the app's code is
 * parsed and run (on a slow phone, hundreds of milliseconds of main-thread work that a deferred script
 * may do before the first frame). Every other page, a hidden tab (it reports no paint until shown), and
 * a browser without paint timing start at once; a paint not reported within PAINT_WAIT_LIMIT_MS starts
 * them too. Lighthouse counts every script run before the paint as blocking it: with `defer`, the
 * simulated LCP of `/` swung from 1.8 to 2.9 s with how far the scripts got before the frame.
 */
export function appStartScript(): string {
  return (
    '(function(){var started=false;' +
    'function start(){if(started)return;started=true;' +
    `var links=document.querySelectorAll('link[${APP_ENTRY_ATTRIBUTE}]');` +
    "for(var i=0;i<links.length;i++){var s=document.createElement('script');s.src=links[i].href;s.async=false;document.head.appendChild(s)}}" +
    "var root=document.getElementById('root');var P=window.PerformanceObserver;" +
    "if(!root||!root.firstElementChild||document.visibilityState==='hidden'||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0)return start();" +
    "new P(function(list){if(list.getEntriesByName('first-contentful-paint').length)start()}).observe({type:'paint',buffered:true});" +
    `setTimeout(start,${PAINT_WAIT_LIMIT_MS})})()`
  );
}

/** The parts of webpack's compilation startChunkFiles reads. */
export type StartChunksCompilation = {
  entrypoints: ReadonlyMap<string, StartChunkGroup>;
};
/** A chunk group as startChunkFiles reads it: where it comes from, its chunks' files, the groups it loads. */
export type StartChunkGroup = {
  origins: { request?: string; module?: ModuleLike | null }[];
  chunks: Iterable<{ files: Iterable<string> }>;
  getChildren(): StartChunkGroup[];
};
type ModuleLike = {
  type: string;
  options?: { shareKey?: string };
  libIdent(options: { context: string }): string | null;
};

/** Where the federation's provide modules name their share key (`webpack/sharing/provide/<scope>/<key>`). */
const PROVIDED_KEY = /^(?:\([^)]*\)\/)?webpack\/sharing\/provide\/[^/]+\/(.+)$/;

/**
 * The files (scripts and styles) the shell's entry loads before its first render, which its HTML preloads
 * at low priority so they download beside main.js instead of after it has run (one round trip less
 * before a page the app draws, such as the order page): the chunk of the entry's `import(asyncEntry)`
 * and, for each shared module that chunk consumes (React, the router, the design system's core), the
 * chunks the shell provides it from; on a first load the shell is the only provider.
 */
export function startChunkFiles(compilation: StartChunksCompilation, entry = 'main', asyncEntry = './bootstrap') {
  const children = compilation.entrypoints.get(entry)?.getChildren() ?? [];
  const start = children.find((group) => group.origins.some((origin) => origin.request === asyncEntry));
  if (!start) throw new Error(`the entry ${entry} has no import('${asyncEntry}')`);
  const consumed = new Set(
    start
      .getChildren()
      .flatMap((group) => group.origins)
      .filter((origin) => origin.module?.type === 'consume-shared-module')
      .map((origin) => String(origin.module!.options!.shareKey)),
  );
  // Each group the shell provides a shared module from, by that module's key.
  const providers = new Map<string, StartChunkGroup>();
  for (const group of children)
    for (const { module } of group.origins) {
      const key = module?.type === 'provide-module' && PROVIDED_KEY.exec(module.libIdent({ context: '' }) ?? '')?.[1];
      if (key) providers.set(key, group);
    }
  // The shell provides every singleton it consumes: one without a provider means webpack's names changed.
  const unprovided = [...consumed].filter((key) => !providers.has(key));
  if (unprovided.length) throw new Error(`no provider found for the shared ${unprovided.join(', ')}`);
  const files = new Set<string>();
  for (const group of [start, ...[...consumed].map((key) => providers.get(key)!)])
    for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
  return [...files].filter((file) => /\.(js|css)$/.test(file));
}

/** V8's explicit compile hint (Chrome 136 and later): compile every function of the file while it streams in. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts COMPILE_HINT atop the scripts a page runs as it starts (`scriptsOf` the compilation), so V8 compiles
 * their functions on a background thread while they download. Without it V8 compiles each function on the
 * main thread at its first call: about half of main.js's evaluation at Lighthouse's 4x (126-148 ms, then
 * 65-98 ms with the hint). Scripts a page may never run are left to V8's lazy compilation.
 */
export class CompileHintPlugin {
  constructor(private readonly scriptsOf: (compilation: Compilation) => string[]) {}

  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(CompileHintPlugin.name, (compilation) => {
      // After the minifier, which drops comments.
      const stage = Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1;
      compilation.hooks.processAssets.tap({ name: CompileHintPlugin.name, stage }, () => {
        for (const file of this.scriptsOf(compilation).filter((name) => name.endsWith('.js')))
          compilation.updateAsset(file, (source) => new sources.ConcatSource(`${COMPILE_HINT}\n`, source));
      });
    });
  }
}
