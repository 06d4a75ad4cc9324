import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedCounters, changesCounts } from '../src/counters';

afterEach(() => vi.useRealTimers());

describe('cachedCounters', () => {
  it('reuses a computation for its time, recomputes after it or when cleared, and never keeps a failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let runs = 0;
    let fail = false;
    const counters = cachedCounters(5000, async () => {
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

describe('changesCounts', () => {
  it('drops the counters after the write succeeds, and keeps them when it fails', async () => {
    let cleared = 0;
    const deps = { counters: { clear: () => void (cleared += 1) } };
    await changesCounts(deps, async () => {})({});
    expect(cleared).toBe(1);
    await expect(changesCounts(deps, async () => Promise.reject(new Error('refused')))({})).rejects.toThrow('refused');
    expect(cleared).toBe(1);
  });
});
