// What the paged back-office lists share.

/**
 * How many rows match a list whose page at `offset` (at most `limit` rows) came back with `rows`: a page
 * that is not full ends the list, so the total is offset + rows without counting; otherwise (or when
 * an empty page lies past the end) `count` says. A search that finds a few rows thus costs one query.
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
