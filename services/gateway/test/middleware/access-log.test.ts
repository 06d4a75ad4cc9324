import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { createDownloadLinks, redactUrl, REDACTED, type Logger } from '@mastering/service-kit';
import { accessLog } from '../../src/middleware/access-log';

const token = createDownloadLinks('t'.repeat(40)).sign(
  { order: '2f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f' },
  new Date(Date.now() + 86_400_000),
);
const fileId = '6f1c1d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';

describe('redactUrl', () => {
  it.each([
    [`/download/${token}`, `/download/${REDACTED}`],
    [`/api/downloads/order/${token}`, `/api/downloads/order/${REDACTED}`],
    [`/api/downloads/order/${token}/files/${fileId}`, `/api/downloads/order/${REDACTED}/files/${fileId}`],
    [`/api/downloads/order/${token}/archive`, `/api/downloads/order/${REDACTED}/archive`],
    [`/api/downloads/file/${token}`, `/api/downloads/file/${REDACTED}`],
    [`/e/unsubscribe/${token}`, `/e/unsubscribe/${REDACTED}`],
    [`/e/o/short`, `/e/o/${REDACTED}`],
    [`/e/confirm/short`, `/e/confirm/${REDACTED}`],
    [`/e/c/${token}?x=1`, `/e/c/${REDACTED}?x=1`],
    [`//API/Downloads/ORDER/${token}`, `//API/Downloads/ORDER/${REDACTED}`],
    [`/somewhere/new/${token}`, `/somewhere/new/${REDACTED}`],
    [
      '/login?next=%2Fadmin&code=123456&token=abc&Api-Key=k',
      `/login?next=%2Fadmin&code=${REDACTED}&token=${REDACTED}&Api-Key=${REDACTED}`,
    ],
    // The order page's link and the calls it makes (issue 51): `t` is a token by its name alone.
    [`/orders/${fileId}?t=short-token`, `/orders/${fileId}?t=${REDACTED}`],
    [`/api/orders/${fileId}/view?t=short-token`, `/api/orders/${fileId}/view?t=${REDACTED}`],
    [`/api/orders/${fileId}/invoice?x=1&T=short-token`, `/api/orders/${fileId}/invoice?x=1&T=${REDACTED}`],
    [`/api/payment/resume/short-token`, `/api/payment/resume/${REDACTED}`],
    [`/api/admin/orders/${fileId}?status=all`, `/api/admin/orders/${fileId}?status=all`],
    ['/mf/mf-admin-ops/main.3f2a9c1b.js', '/mf/mf-admin-ops/main.3f2a9c1b.js'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('the access log', () => {
  it('writes no token of a download, unsubscribe or click link', async () => {
    const lines: { url: string }[] = [];
    const logger = { info: (obj: { url: string }) => lines.push(obj) } as unknown as Logger;
    const app = new Koa();
    app.use(accessLog(logger));
    app.use((ctx) => void (ctx.body = 'ok'));
    const server = createServer(app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const path of [
        `/download/${token}`,
        `/api/downloads/order/${token}/archive`,
        `/e/unsubscribe/${token}`,
        `/e/c/${token}`,
      ])
        await (await fetch(`${base}${path}`)).text();
      // Each line is written when its response closes, which may be just after the client has the body.
      for (let turns = 0; lines.length < 4 && turns < 1000; turns++) await new Promise((r) => setImmediate(r));
    } finally {
      server.close();
    }
    expect(lines).toHaveLength(4);
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(lines.map((l) => l.url)).toEqual([
      `/download/${REDACTED}`,
      `/api/downloads/order/${REDACTED}/archive`,
      `/e/unsubscribe/${REDACTED}`,
      `/e/c/${REDACTED}`,
    ]);
  });
});
