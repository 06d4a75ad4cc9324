// REPLICAS=n: n of every service and of the gateway in the process table, each on its own port, and the
// gateway told every replica of each service.
import { describe, expect, it } from 'vitest';
import { processTable, replicaCount, upstreamUrls } from '../lib/stack';

describe('REPLICAS', () => {
  it('runs one of each by default', () => {
    const names = processTable({}, false).map((r) => r.name);
    expect(names).toEqual(['storefront', 'ops', 'content', 'email', 'gateway']);
    expect(upstreamUrls({}).STOREFRONT_URL).toBe('http://127.0.0.1:4001');
  });

  it('runs two of every service and of the gateway on their own ports, each service listed to the gateway', () => {
    const env = { REPLICAS: '2', STOREFRONT_PORT: '5001' };
    const rows = processTable(env, false);
    expect(rows.map((r) => [r.name, r.env?.PORT])).toEqual([
      ['storefront', '5001'],
      ['storefront-2', '5101'],
      ['ops', '4002'],
      ['ops-2', '4102'],
      ['content', '4003'],
      ['content-2', '4103'],
      ['email', '4004'],
      ['email-2', '4104'],
      ['gateway', '8080'],
      ['gateway-2', '8180'],
    ]);
    expect(upstreamUrls(env).STOREFRONT_URL).toBe('http://127.0.0.1:5001,http://127.0.0.1:5101');
    expect(upstreamUrls({ ...env, REPLICA_PORT_STEP: '7' }).OPS_URL).toBe(
      'http://127.0.0.1:4002,http://127.0.0.1:4009',
    );
  });

  it('refuses a count that is not a small whole number', () => {
    for (const bad of ['0', '-1', '1.5', 'two', '10'])
      expect(() => replicaCount({ REPLICAS: bad })).toThrow(
        `REPLICAS must be a whole number from 1 to 9 (got "${bad}")`,
      );
  });
});
