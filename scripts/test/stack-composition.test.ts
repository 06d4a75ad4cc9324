// Issue 24 item 8: one way to compose the stack. A benchmark runs a part of it through the same
// createStack as `npm start` and the journeys; these are the rules of that part.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '@mastering/db';
import { assertPortsFree, processTable, upstreamsElsewhere } from '../lib/stack';

describe('a stack that runs some of the services', () => {
  it('has a process table row for each service it runs and the gateway, and none for the rest', () => {
    const names = processTable({}, false, false, ['ops']).map((r) => r.name);
    expect(names).toEqual(['ops', 'gateway']);
  });

  it("sends the gateway to where the env says each left-out service answers, and to nothing it wasn't told", () => {
    const env = { STOREFRONT_URL: 'http://127.0.0.1:9001', CONTENT_URL: 'http://127.0.0.1:9002' };
    expect(upstreamsElsewhere({ ...env, EMAIL_URL: 'http://127.0.0.1:9003' }, ['ops'])).toEqual({
      STOREFRONT_URL: 'http://127.0.0.1:9001',
      CONTENT_URL: 'http://127.0.0.1:9002',
      EMAIL_URL: 'http://127.0.0.1:9003',
    });
    expect(() => upstreamsElsewhere(env, ['ops'])).toThrow(/email does not run in this stack: set EMAIL_URL/);
    expect(upstreamsElsewhere({}, ['storefront', 'ops', 'content', 'email'])).toEqual({});
  });
});

describe('a stack whose ports are taken', () => {
  it('is refused before anything starts, naming the port (a second npm start of the same folder)', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const sitePort = (taken.address() as net.AddressInfo).port;
    const env = { OPS_PORT: String(await freePort()), PORT: String(sitePort) };
    try {
      await expect(assertPortsFree(env, false, false, ['ops'])).rejects.toThrow(
        `port ${sitePort} is in use: is another \`npm start\` running?`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
    await expect(assertPortsFree(env, false, false, ['ops'])).resolves.toBeUndefined();
  });
});
