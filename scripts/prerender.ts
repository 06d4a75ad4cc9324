// Run by buildApps (scripts/lib/build.ts) after the front-end apps are built: writes the HTML of the
// pages whose routes say `prerender: true` into the shell's dist (shell/src/prerender.tsx renders
// them), which the gateway serves for those paths. `node --import tsx --import ./scripts/lib/asset-stubs.ts`.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { prerenderedPageFile, REMOTE_APPS } from '@mastering/contracts';
import { routeAt } from '../shell/src/page-routes';
import { pageHtml, PRERENDERED_PATHS, renderPage, type Stylesheet } from '../shell/src/prerender';
import { ROOT } from './lib/paths';

const shellDist = path.join(ROOT, 'shell', 'dist');

/** A built app's stylesheets (all of them, so the first screen paints styled), served below `urlBase`. */
function stylesheetsOf(dir: string, urlBase: string): Stylesheet[] {
  return readdirSync(path.join(ROOT, dir, 'dist'))
    .filter((file) => file.endsWith('.css'))
    .map((file) => ({ file, href: `${urlBase}${file}` }));
}

const template = readFileSync(path.join(shellDist, 'index.html'), 'utf8');
for (const pathname of PRERENDERED_PATHS) {
  const remote = REMOTE_APPS.find((app) => app.name === routeAt(pathname)?.remote);
  const stylesheets = [
    ...stylesheetsOf('shell', '/'),
    ...(remote ? stylesheetsOf(remote.dir, `/mf/${remote.dir}/`) : []),
  ];
  const html = pageHtml(template, pathname, await renderPage(pathname), stylesheets);
  const file = path.join(shellDist, prerenderedPageFile(pathname));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
}
console.log(`Prerendered ${PRERENDERED_PATHS.join(', ')}.`);
