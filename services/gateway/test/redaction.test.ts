// Issue 51 Deliver 3: one redaction (packages/service-kit/src/redact.ts) for every token a URL can carry. Every
// route that takes a token, in its path (`:token`) or its query (an order link's `t`), is read from the route
// tables and must come out of redactUrl without it, so a new token route cannot slip past the logs.
import { describe, expect, it } from 'vitest';
import { orderToken } from '@mastering/contracts';
import { redactUrl, type Route } from '@mastering/service-kit';
import { ROUTE_TABLES } from './openapi-tables';

/** Short and plain, so only the token rules (not the long-segment guess) can hide it. */
const TOKEN = 'live-token-1';
const ID = '2f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';

/** An order link's token, required or optional. */
const isTokenSchema = (schema: unknown): boolean =>
  schema === orderToken || (schema as { unwrap?: () => unknown }).unwrap?.() === orderToken;

/** The row's path with its token parameters (and only those) set to TOKEN, plus its token query parameters. */
function urlWithTokens(row: Route): string | null {
  let carries = false;
  const path = row.path.replace(/:(\w+)/g, (_whole, name: string) => {
    if (!/token/i.test(name)) return ID;
    carries = true;
    return TOKEN;
  });
  const shape = (row.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const params = Object.entries(shape)
    .filter(([name, schema]) => isTokenSchema(schema) || /token/i.test(name))
    .map(([name]) => `${name}=${TOKEN}`);
  return carries || params.length > 0 ? `${path}${params.length ? `?${params.join('&')}` : ''}` : null;
}

const tokenRoutes = Object.entries(ROUTE_TABLES).flatMap(([service, table]) =>
  table.flatMap((row) => {
    const url = urlWithTokens(row);
    return url ? [[service, `${row.method} ${row.path}`, url] as const] : [];
  }),
);

describe('every route that takes a token', () => {
  it('is found in the tables (downloads, unsubscribe and tracking, the resume link, the order link)', () => {
    const paths = tokenRoutes.map(([, key]) => key);
    for (const expected of [
      'GET /api/downloads/order/:token',
      'GET /e/unsubscribe/:token',
      'GET /api/payment/resume/:token',
      'GET /api/orders/:id/view',
      'GET /api/orders/:id/invoice',
    ])
      expect(paths).toContain(expected);
  });

  it.each(tokenRoutes)('%s: %s is logged without its token', (_service, _key, url) => {
    const logged = redactUrl(url);
    expect(logged).not.toContain(TOKEN);
    expect(logged).toContain('[redacted]');
  });
});
