import { readFileSync } from 'node:fs';
import path from 'node:path';
import dockerignore from '@balena/dockerignore';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../../scripts/lib/paths';
import { SERVICE_NODE_FLAGS } from '../../scripts/lib/services';

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

  it.each([
    ['ops', 'ops-worker', 'OPS_WORKER'],
    ['email', 'email-worker', 'MAIL_WORKER'],
  ])('runs the %s jobs in %s, scaled apart from the API (%s)', (api, worker, setting) => {
    expect(compose.services[api]!.environment?.[setting]).toBe('false');
    expect(compose.services[worker]!.environment?.[setting]).toBe('true');
    expect(compose.services[worker]!.command).toEqual(compose.services[api]!.command);
    expect(compose.services[worker]!.environment?.DATABASE_URL).toBe(compose.services[api]!.environment?.DATABASE_URL);
    expect(compose.services[worker]!.healthcheck).toBeTruthy();
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

describe('docker-compose.s3.yml', () => {
  const s3 = parse(readFileSync(path.join(ROOT, 'docker-compose.s3.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, string>; command?: string[] }>;
  };

  it('puts every part that runs the image on the one bucket, with the address browsers upload to', () => {
    const parts = Object.keys(compose.services).filter((name) => compose.services[name]!.command?.[0] === 'node');
    expect(parts.length).toBeGreaterThan(5);
    for (const name of [...parts, 'migrate'])
      expect({ name, ...s3.services[name]?.environment }).toMatchObject({
        name,
        STORAGE_DRIVER: 's3',
        S3_BUCKET: expect.any(String),
        S3_PUBLIC_ENDPOINT: expect.any(String),
      });
  });

  it("sets the bucket's CORS: PUT from the site's origin, ETag exposed", () => {
    const cors = s3.services['bucket-cors']!;
    const script = cors.command!.at(-1)!;
    const rules = JSON.parse(/--cors-configuration "(.+)"$/.exec(script)![1]!.replaceAll('\\"', '"'));
    expect(rules.CORSRules).toEqual([
      {
        AllowedOrigins: ['$$PUBLIC_URL'],
        AllowedMethods: ['PUT'],
        AllowedHeaders: ['*'],
        ExposeHeaders: ['ETag'],
        MaxAgeSeconds: 3600,
      },
    ]);
    expect(cors.environment?.PUBLIC_URL).toBe(compose.services.gateway.environment?.PUBLIC_URL);
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
