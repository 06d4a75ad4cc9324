import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../lib/paths';

const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string>; healthcheck?: unknown; command?: string[] }>;
};
const APP_SERVICES = ['storefront', 'ops', 'content', 'email', 'gateway'];

describe('docker-compose.yml', () => {
  it('has postgres, mail, every service and the gateway', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'maildev', 'migrate', ...APP_SERVICES]));
  });

  it.each(APP_SERVICES)('%s runs its own bundled server with the database, the identity secret and a health check', (name) => {
    const service = compose.services[name];
    expect(service.command?.join(" ")).toContain(`services/${name}/dist/server.mjs`);
    expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(service.environment).toHaveProperty('IDENTITY_SECRET');
    expect(service.healthcheck).toBeTruthy();
  });

  it('points the gateway at each service and the email service at the mail server', () => {
    const env = compose.services.gateway.environment!;
    expect([env.STOREFRONT_URL, env.OPS_URL, env.CONTENT_URL, env.EMAIL_URL]).toEqual(['http://storefront:4001', 'http://ops:4002', 'http://content:4003', 'http://email:4004']);
    expect(compose.services.email.environment?.SMTP_URL).toBe('smtp://maildev:1025');
  });
});
