import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedValue } from '../src/cached';

afterEach(() => vi.useRealTimers());

describe('cachedValue', () => {
  it('reuses a computation for its time, recomputes after it or when cleared, and never keeps a failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let runs = 0;
    let fail = false;
    const counters = cachedValue(5000, async () => {
      runs += 1;
      if (fail) throw new Error('database down');
      return runs;
    });
    expect(await counters.get()).toBe(1);
    expect(await counters.get()).toBe(1);
    vi.setSystemTime(Date.now() + 5001);
    expect(await counters.get()).toBe(2);
    counters.clear();
    expect(await counters.get()).toBe(3);
    counters.clear();
    fail = true;
    await expect(counters.get()).rejects.toThrow('database down');
    fail = false;
    expect(await counters.get()).toBe(5);
  });
});
