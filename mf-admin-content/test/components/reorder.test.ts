import { describe, expect, it } from 'vitest';
import { reorderChanges } from '../../src/components/reorder';

const list = (...orders: number[]) => orders.map((displayOrder, i) => ({ id: `t${i}`, displayOrder }));

describe('reorderChanges', () => {
  it('swaps neighbours and answers only the changed orders', () => {
    expect(reorderChanges(list(0, 1, 2), 2, -1)).toEqual([
      { id: 't2', displayOrder: 1 },
      { id: 't1', displayOrder: 2 },
    ]);
    expect(reorderChanges(list(0, 1, 2), 0, 1)).toEqual([
      { id: 't1', displayOrder: 0 },
      { id: 't0', displayOrder: 1 },
    ]);
  });

  it('renumbers ties and gaps so the move shows', () => {
    expect(reorderChanges(list(0, 0, 0), 1, -1)).toEqual([
      { id: 't0', displayOrder: 1 },
      { id: 't2', displayOrder: 2 },
    ]);
    expect(reorderChanges(list(3, 7), 0, 1)).toEqual([
      { id: 't1', displayOrder: 0 },
      { id: 't0', displayOrder: 1 },
    ]);
  });

  it('does nothing off either end', () => {
    expect(reorderChanges(list(0, 1), 0, -1)).toEqual([]);
    expect(reorderChanges(list(0, 1), 1, 1)).toEqual([]);
  });
});
