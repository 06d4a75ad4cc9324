/**
 * The display-order changes that move the item at `index` by `delta` places (-1 up, +1 down) in a
 * list shown in display order: every item gets its position as display order, so ties and gaps are
 * resolved too. Answers only the items whose display order changes (empty when the move is off the ends).
 */
export function reorderChanges<T extends { id: string; displayOrder: number }>(
  items: readonly T[],
  index: number,
  delta: -1 | 1,
) {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [];
  const moved = [...items];
  [moved[index], moved[target]] = [moved[target], moved[index]];
  return moved.flatMap((item, position) =>
    item.displayOrder === position ? [] : [{ id: item.id, displayOrder: position }],
  );
}
