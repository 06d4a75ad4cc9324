import { readFileSync } from 'node:fs';
import path from 'node:path';
import dockerignore from '@balena/dockerignore';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../lib/paths';
import { SERVICE_NODE_FLAGS } from '../lib/services';

type PortMapping = string | number | { host_ip?: string; published?: string | number; target: number };
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    { environment?: Record<string, string>; healthcheck?: unknown; command?: string[]; ports?: PortMapping[] }
  >;
};

/** The host address a published port listens on ('0.0.0.0' when the mapping names none), in both compose syntaxes. */
function hostAddress(mapping: PortMapping): string {
  if (typeof mapping === 'object') return mapping.host_ip ?? '0.0.0.0';
  const parts = String(mapping).split(':');
  return parts.length === 3 ? parts[0] : '0.0.0.0';
}
const APP_SERVICES = ['storefront', 'ops', 'content', 'email', 'gateway'];

describe('docker-compose.yml', () => {
  it('has postgres, mail, every service and the gateway', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'maildev', 'migrate', ...APP_SERVICES]),
    );
  });

  it.each(APP_SERVICES)(
    '%s runs its own bundled server with the database, the identity secret and a health check',
    (name) => {
      const service = compose.services[name];
      expect(service.command).toEqual(['node', ...SERVICE_NODE_FLAGS, `services/${name}/dist/server.mjs`]);
      expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(service.environment).toHaveProperty('IDENTITY_SECRET');
      expect(service.healthcheck).toBeTruthy();
    },
  );

  it.each(APP_SERVICES)("%s's own start script runs it with the same Node flags", (name) => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'services', name, 'package.json'), 'utf8'));
    expect(scripts.start).toBe(['node', ...SERVICE_NODE_FLAGS, 'dist/server.mjs'].join(' '));
  });

  it("runs the image's default command as its gateway", () => {
    const dockerfile = readFileSync(path.join(ROOT, 'services', 'Dockerfile'), 'utf8');
    expect(JSON.parse(/^CMD (.+)$/m.exec(dockerfile)?.[1] ?? 'null')).toEqual(compose.services.gateway.command);
  });

  it("points the email service at the mail server (the services' ports: port-files.test.ts)", () => {
    expect(compose.services.email.environment?.SMTP_URL).toBe('smtp://maildev:1025');
  });

  it('publishes only the gateway to the network; the mail inbox (login codes) at most on 127.0.0.1', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (name === 'gateway') continue;
      for (const mapping of service.ports ?? [])
        expect({ name, address: hostAddress(mapping) }).toEqual({ name, address: '127.0.0.1' });
    }
    expect(hostAddress('127.0.0.1:1080:1080')).toBe('127.0.0.1');
    expect(hostAddress('1080:1080')).toBe('0.0.0.0');
  });
});

describe('.dockerignore', () => {
  const ignore = dockerignore({ ignorecase: false }).add(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8'));

  it('keeps local settings and secrets out of the image, but not the example or the sources', () => {
    for (const file of [
      '.env',
      '.env.production',
      'services/storefront/.env',
      '.data/postgres/PG_VERSION',
      'node_modules/koa/package.json',
    ]) {
      expect({ file, ignored: ignore.ignores(file) }).toEqual({ file, ignored: true });
    }
    for (const file of [
      '.env.example',
      'package.json',
      'services/gateway/src/app.ts',
      'packages/db/src/seed/index.ts',
    ]) {
      expect({ file, ignored: ignore.ignores(file) }).toEqual({ file, ignored: false });
    }
  });
});
