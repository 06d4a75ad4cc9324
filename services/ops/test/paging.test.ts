import { describe, expect, it, vi } from 'vitest';
import { pageWithTotal, totalFromPage } from '../src/paging';

describe('totalFromPage', () => {
  it('takes the total from a page that is not full, without counting', async () => {
    const count = vi.fn(async () => 999);
    expect(await totalFromPage(0, 25, 11, count)).toBe(11);
    expect(await totalFromPage(50, 25, 3, count)).toBe(53);
    expect(await totalFromPage(0, 25, 0, count)).toBe(0);
    expect(count).not.toHaveBeenCalled();
  });

  it('counts when the page is full, or empty past the end of the list', async () => {
    expect(await totalFromPage(0, 25, 25, async () => 40)).toBe(40);
    expect(await totalFromPage(100, 25, 0, async () => 60)).toBe(60);
  });
});

describe('pageWithTotal', () => {
  const rows = (n: number) => async () => Array.from({ length: n }, (_, i) => i);

  it('skips a dear count when the page says the total', async () => {
    const count = vi.fn(async () => 999);
    expect(await pageWithTotal(0, 25, rows(2), count, true)).toEqual({ items: [0, 1], total: 2 });
    expect(count).not.toHaveBeenCalled();
    expect((await pageWithTotal(0, 2, rows(2), count, true)).total).toBe(999);
  });

  it('runs a cheap count beside the page', async () => {
    const count = vi.fn(async () => 7);
    expect(await pageWithTotal(0, 25, rows(2), count, false)).toEqual({ items: [0, 1], total: 7 });
    expect(count).toHaveBeenCalledOnce();
  });
});
