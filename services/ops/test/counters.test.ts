import { describe, expect, it } from 'vitest';
import { changesCounts } from '../src/counters';

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
