/** How a batch ended: how many items succeeded, and each failure with its reason. */
export type BatchOutcome<T> = { done: number; failed: { item: T; reason: string }[] };

/**
 * Runs `step` over `items` one at a time (the server sees one change at a time, as from the file
 * dialog), reporting after each how many are finished. A failing item is recorded and the batch goes
 * on; nothing already done is undone.
 */
export async function runBatch<T>(
  items: readonly T[],
  step: (item: T) => Promise<unknown>,
  onProgress: (finished: number, total: number) => void,
  reasonOf: (error: unknown) => string,
): Promise<BatchOutcome<T>> {
  const outcome: BatchOutcome<T> = { done: 0, failed: [] };
  for (const [i, item] of items.entries()) {
    try {
      await step(item);
      outcome.done += 1;
    } catch (error) {
      outcome.failed.push({ item, reason: reasonOf(error) });
    }
    onProgress(i + 1, items.length);
  }
  return outcome;
}
