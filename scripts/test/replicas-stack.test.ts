// REPLICAS=n: n of every service and of the gateway in the process table, each on its own port, the
// gateway told every replica of each service, and HAProxy on the site's address in front of the gateways.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haproxyBinary } from '../lib/balancer';
import { processTable, replicaCount, stackBalancerConfig, upstreamUrls } from '../lib/stack';

describe('REPLICAS', () => {
  it('runs one of each by default', () => {
    const names = processTable({}, false).map((r) => r.name);
    expect(names).toEqual(['storefront', 'ops', 'content', 'email', 'gateway']);
    expect(upstreamUrls({}).STOREFRONT_URL).toBe('http://127.0.0.1:4001');
  });

  it('runs two of every service and of the gateway on their own ports, each service listed to the gateway, HAProxy on PORT', () => {
    const env = { REPLICAS: '2', STOREFRONT_PORT: '5001', HAPROXY_BIN: '/usr/sbin/haproxy' };
    const rows = processTable(env, false);
    expect(rows.map((r) => [r.name, r.env?.PORT ?? r.readyUrl])).toEqual([
      ['storefront', '5001'],
      ['storefront-2', '5101'],
      ['ops', '4002'],
      ['ops-2', '4102'],
      ['content', '4003'],
      ['content-2', '4103'],
      ['email', '4004'],
      ['email-2', '4104'],
      ['gateway', '8081'],
      ['gateway-2', '8181'],
      ['balancer', 'http://127.0.0.1:8080/healthz'],
    ]);
    // Behind the balancer the gateways listen on loopback and believe its one hop about the client.
    expect(rows.find((r) => r.name === 'gateway-2')?.env).toEqual({
      PORT: '8181',
      HOST: '127.0.0.1',
      TRUST_PROXY_HOPS: '1',
    });
    expect(processTable({ ...env, GATEWAYS_PORT: '9001' }, false).find((r) => r.name === 'gateway-2')?.env?.PORT).toBe(
      '9101',
    );
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

  it("gives HAProxy a configuration it accepts: /readyz checks on both gateways, the site's address, retries", () => {
    const config = stackBalancerConfig({ REPLICAS: '2', PORT: '18080' });
    expect(config).toContain('bind 0.0.0.0:18080');
    expect(config).toContain('option httpchk GET /readyz');
    expect(config).toMatch(/server gateway 127\.0\.0\.1:18081 check /);
    expect(config).toMatch(/server gateway-2 127\.0\.0\.1:18181 check /);
    expect(config).toContain('http-request disable-l7-retry unless METH_GET || METH_OPTIONS');
    const dir = mkdtempSync(path.join(tmpdir(), 'balancer-'));
    try {
      const file = path.join(dir, 'haproxy.cfg');
      writeFileSync(file, config);
      // HAProxy's own check of the file (CI installs it, .ci/run).
      expect(execFileSync(haproxyBinary(process.env), ['-c', '-f', file], { encoding: 'utf8' })).toContain(
        'Configuration file is valid',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
