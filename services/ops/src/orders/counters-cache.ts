import type { Knex } from 'knex';
import type { AudioFileCounts, OrderCounts } from '@mastering/contracts';
import { audioFileCounts } from '../audio-files/service';
import { orderCounts } from './service';

/**
 * Counters of a large list (aggregates over every order or file) change slowly but cost a scan; each
 * is kept for `ttlMs` per process, and any write through this service drops them at once, so staff
 * see their own change immediately and other replicas' changes within `ttlMs`.
 */
export function cachedCounters<T>(ttlMs: number, compute: () => Promise<T>) {
  let cached: { at: number; value: Promise<T> } | null = null;
  return {
    get(): Promise<T> {
      if (cached && Date.now() - cached.at < ttlMs) return cached.value;
      const value = compute();
      cached = { at: Date.now(), value };
      // A failed computation is not kept.
      value.catch(() => (cached = null));
      return value;
    },
    clear(): void {
      cached = null;
    },
  };
}

/** The two list screens' counters, cached together (see cachedCounters); the dashboard shares the orders'. */
export type Counters = { orders(): Promise<OrderCounts>; files(): Promise<AudioFileCounts>; clear(): void };

/** The counters of the orders and audio-files screens on `knex`, each kept for `ttlMs` (0: always fresh). */
export function createCounters(knex: Knex, ttlMs: number): Counters {
  const orders = cachedCounters(ttlMs, () => orderCounts(knex));
  const files = cachedCounters(ttlMs, () => audioFileCounts(knex));
  return {
    orders: () => orders.get(),
    files: () => files.get(),
    clear: () => {
      orders.clear();
      files.clear();
    },
  };
}
