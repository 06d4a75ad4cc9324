import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchEmailHealth } from '../src/api/email-health';

afterEach(() => vi.unstubAllGlobals());

const answer = (body: string, status: number) => vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status })));

describe('fetchEmailHealth', () => {
  it('returns a healthy answer', async () => {
    answer('{"status":"healthy","smtp":{"host":"localhost","port":1025}}', 200);
    await expect(fetchEmailHealth()).resolves.toMatchObject({ status: 'healthy' });
  });

  it('returns an unhealthy 503 answer as a result, not a failure', async () => {
    answer('{"status":"unhealthy","error":"SMTP is not reachable"}', 503);
    await expect(fetchEmailHealth()).resolves.toMatchObject({ status: 'unhealthy', error: 'SMTP is not reachable' });
  });

  it('fails with the spec message when the answer is not a health report', async () => {
    answer('Forbidden', 403);
    await expect(fetchEmailHealth()).rejects.toThrow('403: Forbidden');
  });
});
