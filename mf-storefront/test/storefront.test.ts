import { describe, expect, it } from 'vitest';
import { LOGIN_TEXTS, verificationError } from '../src/api/auth';
import { activeShowcaseTracks, SHOWCASE_STALE_TIME } from '../src/api/showcase';
import { priceLine } from '../src/api/site-config';
import { COUNTDOWN_START_SECONDS, pad2, splitCountdown } from '../src/lib/countdown';
import { normaliseCode } from '../src/pages/login/login';

const track = (id: string, isActive: 'true' | 'false', displayOrder: number) => ({ id, isActive, displayOrder });

describe('examples', () => {
  it('plays only active tracks, by displayOrder ascending', () => {
    const tracks = [track('c', 'true', 3), track('hidden', 'false', 0), track('a', 'true', 1), track('b', 'true', 2)];
    expect(activeShowcaseTracks(tracks).map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });

  it('treats showcase tracks as fresh for 5 minutes', () => {
    expect(SHOWCASE_STALE_TIME).toBe(300000);
  });
});

describe('price line', () => {
  it('shows the price per track and the launch discount', () => {
    expect(priceLine({ basePrice: 499, launchDiscountPercent: 35 })).toBe('R499 per track, 35% off');
    expect(priceLine({ basePrice: 499.5, launchDiscountPercent: 20 })).toBe('R499.50 per track, 20% off');
  });
});

describe('countdown', () => {
  it('starts at 36 hours and never goes below zero', () => {
    expect(splitCountdown(COUNTDOWN_START_SECONDS)).toEqual({ hours: 36, minutes: 0, seconds: 0 });
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

  it("shows the server's error text, else the spec's", async () => {
    expect(await verificationError(new Response('{"error":"Too many attempts"}', { status: 429 }))).toBe('Too many attempts');
    expect(await verificationError(new Response('{}', { status: 400 }))).toBe(LOGIN_TEXTS.invalidCode);
    expect(await verificationError(new Response('not json', { status: 500 }))).toBe('Invalid or expired code');
  });
});
