import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Context, Middleware } from 'koa';
import type { Identity } from '@mastering/contracts';
import { assertPermitted, openApiDocument, Unavailable, type PathItems } from '@mastering/service-kit';
import { resolveService, type ServiceName } from '../routes';

/** The document's `info`. */
export const API_INFO = {
  title: 'Mastering Studio API',
  version: '1',
  description:
    "Every operation of the site, generated from the services' route tables and their zod contracts. Sign in with `POST /auth/request-code` and `POST /auth/verify-code` (sending back the `code_browser` cookie the request set), or with the mailed link's token at `POST /auth/verify-link`; the `sid` cookie carries the session.",
};

/** True when the gateway sends `method path` (OpenAPI form, `{param}`s filled with a sample) to `service`. */
export const routedTo = (service: ServiceName, method: string, path: string) =>
  resolveService(method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x')) === service;

/** The operations of a service's path items that the gateway actually routes to that service. */
export function reachable(service: ServiceName, items: PathItems): PathItems {
  const kept: PathItems = {};
  for (const [path, item] of Object.entries(items)) {
    const operations = Object.entries(item).filter(([method]) => routedTo(service, method, path));
    if (operations.length > 0) kept[path] = Object.fromEntries(operations);
  }
  return kept;
}

/** The API's OpenAPI document, assembled from each service's own description (its internal `/openapi`). */
export async function assembleDocument(targets: Record<ServiceName, string>): Promise<Record<string, unknown>> {
  const parts = await Promise.all(
    (Object.entries(targets) as [ServiceName, string][]).map(async ([service, base]) => {
      const res = await fetch(`${base}/openapi`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
      if (!res?.ok) throw new Unavailable(`The API description is unavailable while the ${service} service is down`);
      return reachable(service, (await res.json()) as PathItems);
    }),
  );
  return openApiDocument(parts, API_INFO);
}

const require = createRequire(import.meta.url);
// The reference page's files, from the npm package (never a CDN), each read once. swagger-ui-dist is the
// prebuilt Swagger UI with nothing else to install (Scalar, before it, brought some 250 packages and a third
// of node_modules' files for one script: a slower `npm install` for every engineer and every CI run).
const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
const swaggerUiFiles: Record<string, Promise<Buffer>> = {};
const readSwaggerUi = (file: string) => (swaggerUiFiles[file] ??= readFile(join(SWAGGER_UI_DIR, file)));

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${API_INFO.title}</title><link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><main id="api-reference"></main><script src="/api/docs/swagger-ui-bundle.js"></script><script src="/api/docs/start.js"></script></body></html>`;
// A file, not an inline script, so the site's CSP (script-src 'self') needs no exception. "Try it out" sends
// the staff member's own session cookie: the page and the API share the origin.
const START = `SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#api-reference', deepLinking: true, tryItOutEnabled: false });`;

/**
 * `GET /api/openapi.json` (the document) and `GET /api/docs` (Swagger UI's reference page, its script and
 * stylesheet served from node_modules): staff only, like the back-office they describe most of.
 */
export function apiDocs({
  targets,
  identityOf,
}: {
  targets: Record<ServiceName, string>;
  identityOf: (ctx: Context) => Promise<Identity | null>;
}): Middleware {
  const files: Record<string, (ctx: Context) => Promise<void>> = {
    '/api/openapi.json': async (ctx) => {
      ctx.body = await assembleDocument(targets);
    },
    '/api/docs': async (ctx) => {
      ctx.type = 'html';
      ctx.body = PAGE;
    },
    '/api/docs/start.js': async (ctx) => {
      ctx.type = 'application/javascript';
      ctx.body = START;
    },
    '/api/docs/swagger-ui-bundle.js': async (ctx) => {
      ctx.type = 'application/javascript';
      ctx.body = await readSwaggerUi('swagger-ui-bundle.js');
    },
    '/api/docs/swagger-ui.css': async (ctx) => {
      ctx.type = 'text/css';
      ctx.body = await readSwaggerUi('swagger-ui.css');
    },
  };
  return async (ctx, next) => {
    const serve = files[ctx.path];
    if (!serve || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    assertPermitted('staff', await identityOf(ctx));
    ctx.set('Cache-Control', 'private, no-cache');
    await serve(ctx);
  };
}
