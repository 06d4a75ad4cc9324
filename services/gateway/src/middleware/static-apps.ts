import path from 'node:path';
import { createHash } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { Readable } from 'node:stream';
import send from 'koa-send';
import type { Context, Middleware } from 'koa';
import { prerenderedPageFile, REMOTE_APPS } from '@mastering/contracts';

// Files whose names carry a content hash never change: cache them for a year.
const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|png|svg|jpg|webp)$/i;

function cacheHeaders(ctx: Context, file: string, stats: Stats) {
  // koa-send may answer with a precompressed sibling (main.js.br); the policy is the original's.
  const name = path.basename(file).replace(/\.(br|gz)$/, '');
  ctx.set('Cache-Control', HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.set('Vary', 'Accept-Encoding');
  // A validator of the file sent (size and time, as nginx does; the .br and the plain file differ),
  // so a browser revalidating a no-cache entry file (main.js, remoteEntry.js) gets a
  // 304, not the whole file again on every page load. The page itself (index.html, 1 KB) is always sent.
  if (!name.endsWith('.html'))
    ctx.set('ETag', `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`);
}

/**
 * Sends a file below `root` with the right cache policy, as its precompressed `.br` or `.gz` sibling
 * when the build left one and the client accepts it; false when there is no such file.
 */
async function sendFrom(ctx: Context, root: string, rel: string): Promise<boolean> {
  try {
    await send(ctx, rel, { root, index: false, setHeaders: (_res, file, stats) => cacheHeaders(ctx, file, stats) });
    if (ctx.response.get('ETag') && ctx.fresh) {
      // The browser's copy is current: answer 304 and close the file koa-send opened.
      if (ctx.body instanceof Readable) ctx.body.destroy();
      ctx.status = 304;
      ctx.body = null;
    }
    return true;
  } catch (err) {
    if ((err as { status?: number }).status === 404) return false;
    throw err;
  }
}

/**
 * Serves the built apps: `/mf/<remote>/…` from each remote's dist, everything else from the shell's
 * dist, with SPA fallback to the shell's index.html for page routes (the shell renders the 404 page).
 */
export function createStaticApps(appsRoot: string) {
  const shellDist = path.join(appsRoot, 'shell', 'dist');
  const remoteDirs = new Map<string, string>(REMOTE_APPS.map((r) => [r.dir, path.join(appsRoot, r.dir, 'dist')]));

  return {
    /** Serves `/mf/<dir>/<file>`; false when no such remote file exists. */
    async serveRemote(ctx: Context): Promise<boolean> {
      const match = /^\/mf\/([^/]+)\/(.+)$/.exec(ctx.path);
      const root = match && remoteDirs.get(match[1]);
      if (!match || !root) return false;
      return sendFrom(ctx, root, match[2]);
    },
    /** Serves a shell asset or, for a page route, its prerendered HTML or else the shell's index.html. */
    async serveShell(ctx: Context): Promise<boolean> {
      if (ctx.path !== '/' && (await sendFrom(ctx, shellDist, ctx.path))) return true;
      // Paths that look like files (have an extension) are real 404s, not pages.
      if (path.extname(ctx.path)) return false;
      // A page the build prerendered gets its own HTML (its first screen in it); every other one index.html.
      const served =
        (await sendFrom(ctx, shellDist, prerenderedPageFile(ctx.path))) ||
        (await sendFrom(ctx, shellDist, 'index.html'));
      if (served) ctx.set('Cache-Control', 'no-cache');
      return served;
    },
    /** CSP hashes of the inline scripts in the shell's index.html (the theme script that avoids a flash). */
    inlineScriptHashes(): string[] {
      const index = path.join(shellDist, 'index.html');
      if (!existsSync(index)) return [];
      const html = readFileSync(index, 'utf8');
      return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
        .filter((m) => m[1].trim())
        .map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`);
    },
  };
}

/**
 * The last stop: an `/api` path no service owns is a JSON 404; other methods than GET/HEAD are 405;
 * everything else is a file of the shell or a remote, or the shell's index.html for a page route.
 */
export function serveApps(apps: ReturnType<typeof createStaticApps>): Middleware {
  return async (ctx) => {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') {
      ctx.status = 404;
      ctx.body = { error: `No API route for ${ctx.method} ${ctx.path}` };
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.body = { error: 'Method not allowed' };
      return;
    }
    const served = ctx.path.startsWith('/mf/') ? await apps.serveRemote(ctx) : await apps.serveShell(ctx);
    if (!served) {
      ctx.status = 404;
      ctx.body = 'Not found';
    }
  };
}
