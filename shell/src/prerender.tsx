import path from 'node:path';
import { REMOTE_APPS, ROUTES_MODULE } from '@mastering/contracts';
import { createQueryClient, type RemotePages } from '@mastering/ui/core';
import { prerenderToNodeStream } from 'react-dom/static';
// From react-router-dom, as every component imports routing: one copy of the router's context.
import { StaticRouter } from 'react-router-dom';
import { SiteApp } from './app';
import { PAGE_ROUTES, routeAt } from './page-routes';
import { RemotePagesSource } from './remotes/remote-page';
import { tabTitle } from './routes';

// Build time only (scripts/prerender.ts runs it in Node after the apps are built): the browser never loads this.

/** The paths of the pages whose HTML the build prerenders (their routes say `prerender: true`). */
export const PRERENDERED_PATHS: readonly string[] = PAGE_ROUTES.filter((route) => route.prerender).map((r) => r.path);

/** A remote's pages from its sources (the module it exposes as ./routes), instead of through the federation. */
export async function remotePagesFromSources(remote: string): Promise<RemotePages> {
  const app = REMOTE_APPS.find((candidate) => candidate.name === remote);
  if (!app) throw new Error(`unknown remote ${remote}`);
  const file = path.join(import.meta.dirname, '..', '..', app.dir, app.exposes[ROUTES_MODULE]);
  return ((await import(file)) as { pages: RemotePages }).pages;
}

/**
 * The site's markup at `pathname`: the tree the browser renders (SiteApp), every lazy part waited
 * for, with the remotes' pages from `pagesOf`. Nothing is fetched: parts that show server data are
 * in their loading state, as the browser's hydration renders them (useAsPrerendered in ui).
 */
export async function renderPage(
  pathname: string,
  pagesOf: (remote: string) => Promise<RemotePages> = remotePagesFromSources,
): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <RemotePagesSource.Provider value={pagesOf}>
      <SiteApp
        client={createQueryClient()}
        router={(routes) => <StaticRouter location={pathname}>{routes}</StaticRouter>}
      />
    </RemotePagesSource.Provider>,
    // Every boundary inline: a large one would otherwise come after the rest with a script to move it
    // into place, and the page allows no inline script but the theme's (the gateway's CSP).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

/** A built stylesheet: its file name in its app's dist and the URL it is served at. */
export interface Stylesheet {
  file: string;
  href: string;
}

/**
 * The shell's index.html (`template`) as the page at `pathname`: its tab title, the stylesheets
 * its first screen needs (in <head>, so it paints styled) and `markup` inside the root element.
 * Each link's `data-href` is its chunk's file name, by which webpack's CSS loading finds it already
 * on the page when the chunk loads, instead of adding it a second time.
 */
export function pageHtml(
  template: string,
  pathname: string,
  markup: string,
  stylesheets: readonly Stylesheet[],
): string {
  const route = routeAt(pathname);
  if (!route) throw new Error(`no route for ${pathname}`);
  const links = stylesheets
    .map(({ file, href }) => `<link rel="stylesheet" href="${href}" data-href="${file}" />`)
    .join('');
  // Replaced by functions: a replacement string would read `$&` or `$'` in the markup as patterns.
  const replaced = template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(tabTitle(route.page))}</title>`)
    .replace('</head>', () => `${links}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
  if (!replaced.includes(markup)) throw new Error('the shell template has no empty <div id="root"></div>');
  return replaced;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
