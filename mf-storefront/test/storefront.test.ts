import {
  CODE_EXPIRES_NOTE,
  RequestCodeBody,
  siteConfigFor,
  startMasteringLabel,
  VerifyCodeBody,
} from '@mastering/contracts';
import { checkForm, createQueryClient } from '@mastering/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLoginCode, verificationErrorText, verifyLoginCode } from '../src/api/auth';
import { activeShowcaseTracks, showcaseQuery } from '../src/api/showcase';
import { launchDiscount } from '../src/api/site-config';
import { pad2, secondsUntil, splitCountdown } from '../src/lib/countdown';
import { normaliseCode } from '../src/pages/login/login';

const track = (id: string, isActive: 'true' | 'false', displayOrder: number) => ({ id, isActive, displayOrder });

function answer(body: string, status = 200) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('examples', () => {
  it('plays only active tracks, by displayOrder ascending', () => {
    const tracks = [track('c', 'true', 3), track('hidden', 'false', 0), track('a', 'true', 1), track('b', 'true', 2)];
    expect(activeShowcaseTracks(tracks).map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });

  it('asks the server again only once the list is 5 minutes old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fetch = answer('[]');
    const client = createQueryClient();
    await client.fetchQuery(showcaseQuery());
    vi.setSystemTime(Date.now() + 299_000);
    await client.fetchQuery(showcaseQuery());
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 2_000);
    await client.fetchQuery(showcaseQuery());
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0]![0]).toBe('/api/showcase-tracks');
  });
});

describe('launch discount from /api/config', () => {
  it('follows the discount staff set, and drops it when there is none', () => {
    expect(
      startMasteringLabel(
        launchDiscount(siteConfigFor({ basePriceCents: 49900, launchDiscountPercent: 35, maxFileSizeMb: 500 })),
      ),
    ).toBe('Start Mastering - 35% Off');
    expect(
      startMasteringLabel(
        launchDiscount(siteConfigFor({ basePriceCents: 49900, launchDiscountPercent: 20, maxFileSizeMb: 500 })),
      ),
    ).toBe('Start Mastering - 20% Off');
    expect(
      startMasteringLabel(
        launchDiscount(siteConfigFor({ basePriceCents: 49900, launchDiscountPercent: 0, maxFileSizeMb: 500 })),
      ),
    ).toBe('Start Mastering');
  });

  it('promotes nothing while the configuration is loading', () => {
    expect(launchDiscount(undefined)).toBeUndefined();
  });
});

describe('countdown', () => {
  it('counts to the stored end date, the same on every load, and never goes below zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(splitCountdown(secondsUntil('2026-01-02T12:00:00Z', now))).toEqual({ hours: 36, minutes: 0, seconds: 0 });
    expect(secondsUntil('2025-12-31T00:00:00Z', now)).toBe(0);
    expect(splitCountdown(3661)).toEqual({ hours: 1, minutes: 1, seconds: 1 });
    expect(splitCountdown(-5)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    expect(pad2(7)).toBe('07');
  });
});

describe('login', () => {
  it('keeps the code to six digits', () => {
    expect(normaliseCode('12 34-5678')).toBe('123456');
    expect(normaliseCode('abc')).toBe('');
  });

  it('checks the email step with the service schema and its spec messages', () => {
    expect(checkForm(RequestCodeBody, { email: '  ' })).toMatchObject({
      ok: false,
      message: 'Please enter your email address.',
    });
    expect(checkForm(RequestCodeBody, { email: 'not-an-email' })).toMatchObject({
      ok: false,
      message: 'Invalid email address',
      fieldErrors: { email: 'Invalid email address' },
    });
    expect(checkForm(RequestCodeBody, { email: ' Artist@Example.com ' })).toEqual({
      ok: true,
      data: { email: 'Artist@Example.com' },
    });
  });

  it('checks the code step: exactly six digits', () => {
    expect(checkForm(VerifyCodeBody, { email: 'a@b.co', code: '12345' })).toMatchObject({
      ok: false,
      message: 'Invalid or expired code',
    });
    expect(checkForm(VerifyCodeBody, { email: 'a@b.co', code: '123456' })).toMatchObject({ ok: true });
    expect(CODE_EXPIRES_NOTE).toBe('Code expires in 10 minutes');
  });

  it('sends the checked email as JSON with cookies', async () => {
    const fetch = answer('{"message":"sent"}');
    await requestLoginCode({ email: 'a@b.co' });
    expect(fetch.mock.calls[0]![0]).toBe('/auth/request-code');
    expect(fetch.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      body: '{"email":"a@b.co"}',
      credentials: 'include',
    });
  });

  it("shows the server's error text for a refused code, else the spec's", async () => {
    answer('{"error":"Too many attempts"}', 429);
    expect(
      verificationErrorText(await verifyLoginCode({ email: 'a@b.co', code: '123456' }).catch((e: unknown) => e)),
    ).toBe('Too many attempts');
    answer('{}', 400);
    expect(
      verificationErrorText(await verifyLoginCode({ email: 'a@b.co', code: '123456' }).catch((e: unknown) => e)),
    ).toBe('Invalid or expired code');
    answer('not json', 500);
    expect(
      verificationErrorText(await verifyLoginCode({ email: 'a@b.co', code: '123456' }).catch((e: unknown) => e)),
    ).toBe('Invalid or expired code');
  });
});
