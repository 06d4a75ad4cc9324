// What the paged back-office lists share.

/**
 * How many rows match a list whose page at `offset` (at most `limit` rows) came back with `rows`: a page
 * that is not full ends the list, so the total is offset + rows without counting; otherwise (or when
 * an empty page lies past the end) `count` says.
 */
export async function totalFromPage(
  offset: number,
  limit: number,
  rows: number,
  count: () => Promise<number>,
): Promise<number> {
  if (rows < limit && (rows > 0 || offset === 0)) return offset + rows;
  return count();
}

/**
 * One page of a list and the list's total. When counting is dear (`countIsDear`: a search, which
 * matches every row again), the page comes first and the count runs only if the page is full, so a
 * search that finds a few rows costs one query; otherwise both run at once.
 */
export async function pageWithTotal<T>(
  offset: number,
  limit: number,
  rows: () => Promise<T[]>,
  count: () => Promise<number>,
  countIsDear: boolean,
): Promise<{ items: T[]; total: number }> {
  if (!countIsDear) {
    const [items, total] = await Promise.all([rows(), count()]);
    return { items, total };
  }
  const items = await rows();
  return { items, total: await totalFromPage(offset, limit, items.length, count) };
}
