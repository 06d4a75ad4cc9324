// Only the gateway is public: a shared HOST (as a copied .env.example sets) must not expose services.
import { describe, expect, it } from 'vitest';
import { readConfig as storefrontConfig } from '../../storefront/src/config';
import { readConfig as opsConfig } from '../../ops/src/config';
import { readConfig as contentConfig } from '../../content/src/config';
import { readConfig as emailConfig } from '../../email/src/config';
import { readGatewayConfig } from '../src/config';

const env = {
  DATABASE_URL: 'postgres://x@127.0.0.1/x',
  IDENTITY_SECRET: 's'.repeat(40),
  SMTP_URL: 'smtp://127.0.0.1:1025',
  HOST: '0.0.0.0',
};

describe('bind addresses', () => {
  it('keep every service on loopback whatever HOST says, unless its own setting opens it', () => {
    expect(storefrontConfig(env).STOREFRONT_HOST).toBe('127.0.0.1');
    expect(opsConfig(env).OPS_HOST).toBe('127.0.0.1');
    expect(contentConfig(env).CONTENT_HOST).toBe('127.0.0.1');
    expect(emailConfig(env).EMAIL_HOST).toBe('127.0.0.1');
    expect(opsConfig({ ...env, OPS_HOST: '0.0.0.0' }).OPS_HOST).toBe('0.0.0.0');
  });

  it('let the gateway alone take the public HOST', () => {
    expect(readGatewayConfig(env).HOST).toBe('0.0.0.0');
  });
});

describe('worker switches', () => {
  it('run the ops jobs by default, and not when OPS_WORKER is "false" (a separate worker deployment)', () => {
    expect(opsConfig(env).OPS_WORKER).toBe('true');
    expect(opsConfig({ ...env, OPS_WORKER: 'false' }).OPS_WORKER).toBe('false');
    expect(() => opsConfig({ ...env, OPS_WORKER: 'no' })).toThrow(/OPS_WORKER/);
    expect(emailConfig({ ...env, MAIL_WORKER: 'false' }).MAIL_WORKER).toBe('false');
  });
});
