import { describe, expect, it } from 'vitest';
import { processTable, yocoSandboxSettings } from '../../../scripts/lib/stack';
import { readConfig } from '../src/config';

describe('the Yoco sandbox in the local stack', () => {
  it('is a row of the process table only when it is wanted, on its port, posting webhooks to the site', () => {
    const env = { PORT: '9510', YOCO_SANDBOX_PORT: '5518' };
    expect(processTable(env, true, false).map((r) => r.name)).not.toContain('yoco-sandbox');
    const row = processTable(env, true, true).find((r) => r.name === 'yoco-sandbox');
    expect(row).toMatchObject({
      env: { PORT: '5518', YOCO_WEBHOOK_URL: 'http://127.0.0.1:9510/api/payment/webhook' },
      readyUrl: 'http://127.0.0.1:5518/healthz',
    });
    expect(row!.args.at(-1)).toMatch(/services\/yoco-sandbox\/dist\/server\.mjs$/);
  });

  it('gives every service sandbox settings the sandbox itself accepts, fresh secrets each run', () => {
    const one = yocoSandboxSettings({ YOCO_SANDBOX_PORT: '5518' });
    const two = yocoSandboxSettings({ YOCO_SANDBOX_PORT: '5518' });
    expect(one).toMatchObject({ YOCO_API_URL: 'http://127.0.0.1:5518', YOCO_SANDBOX: 'true' });
    expect(one.YOCO_SECRET_KEY).toMatch(/^sk_test_sandbox[0-9a-f]{32}$/);
    expect(one.YOCO_SECRET_KEY).not.toBe(two.YOCO_SECRET_KEY);
    expect(one.YOCO_WEBHOOK_SECRET).not.toBe(two.YOCO_WEBHOOK_SECRET);
    const config = readConfig({ ...one, PORT: '5518', YOCO_WEBHOOK_URL: 'http://127.0.0.1:9510/api/payment/webhook' });
    expect(config.YOCO_API_URL).toBe('http://127.0.0.1:5518');
  });
});
