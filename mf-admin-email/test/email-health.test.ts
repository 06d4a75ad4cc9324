import { ApiError } from '@mastering/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEmailHealth } from '../src/api/email-health';

afterEach(() => vi.unstubAllGlobals());

const answer = (body: string, status: number) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status })),
  );
const smtp = { host: 'localhost', port: 1025 };

describe('fetchEmailHealth', () => {
  it('returns a healthy answer', async () => {
    answer(
      JSON.stringify({ status: 'healthy', check: 'reachable', smtp: { ...smtp, connected: true }, latencyMs: 12 }),
      200,
    );
    await expect(fetchEmailHealth()).resolves.toEqual({
      status: 'healthy',
      check: 'reachable',
      smtp: { ...smtp, connected: true },
      latencyMs: 12,
    });
  });

  it('returns an unhealthy 503 answer as a result, not a failure', async () => {
    answer(
      JSON.stringify({
        status: 'unhealthy',
        check: 'refused',
        error: 'SMTP refused',
        smtp: { ...smtp, connected: false },
        latencyMs: 3000,
      }),
      503,
    );
    await expect(fetchEmailHealth()).resolves.toMatchObject({
      status: 'unhealthy',
      check: 'refused',
      error: 'SMTP refused',
    });
  });

  it('fails with the spec message when the answer is not a health report', async () => {
    answer('Forbidden', 403);
    await expect(fetchEmailHealth()).rejects.toThrow('403: Forbidden');
  });

  it('fails on a 503 JSON error that is not a health report (a gateway refusing the call)', async () => {
    answer('{"error":"Service unavailable"}', 503);
    await expect(fetchEmailHealth()).rejects.toBeInstanceOf(ApiError);
  });

  it('refuses a 200 answer off the contract instead of showing nonsense', async () => {
    answer('{"status":"maybe"}', 200);
    await expect(fetchEmailHealth()).rejects.toThrow(/status/);
  });
});
