/**
 * A value that is costly to compute and may be a little old (an aggregate over every order): computed
 * on first use, kept for `ttlMs` in this process (0: always fresh), dropped by `clear()`. A failed
 * computation is not kept, and callers during one computation share it.
 */
export function cachedValue<T>(ttlMs: number, compute: () => Promise<T>) {
  let cached: { at: number; value: Promise<T> } | null = null;
  return {
    get(): Promise<T> {
      if (cached && Date.now() - cached.at < ttlMs) return cached.value;
      const value = compute();
      cached = { at: Date.now(), value };
      value.catch(() => (cached = null));
      return value;
    },
    clear(): void {
      cached = null;
    },
  };
}
