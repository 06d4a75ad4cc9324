import type { Knex } from 'knex';
import { SYSTEM_CHECKS, type SystemCheck, type SystemCheckName, type SystemStatus } from '@mastering/contracts';
import { stalledJobCount } from '@mastering/db';
import type { ObjectStorage } from '@mastering/storage';

/** A check gives up after this long and reports the part offline. */
export const CHECK_TIMEOUT_MS = 3_000;
/** A job due longer ago than this and still not picked up means nobody works the queue. */
export const STALLED_JOB_AFTER_MS = 5 * 60_000;
// A key nobody stores: reading it is a round trip to the storage that changes nothing.
const STORAGE_PROBE_KEY = 'system-status/probe';

type Probe = () => Promise<string>;

/** The live probes: each resolves with a plain-words note, or throws when its part does not work. */
export function systemProbes(knex: Knex, storage: ObjectStorage): Record<SystemCheckName, Probe> {
  return {
    database: async () => {
      await knex.raw('select 1');
      return 'Answering queries';
    },
    objectStorage: async () => {
      await storage.exists(STORAGE_PROBE_KEY);
      return 'Reachable';
    },
    jobQueue: async () => {
      const stalled = await stalledJobCount(knex, new Date(Date.now() - STALLED_JOB_AFTER_MS));
      if (stalled > 0) throw new Error(`${stalled} jobs waiting`);
      return 'Jobs are being picked up';
    },
  };
}

// What a person reads when a part is down: what to look at, never the internal error text.
const OFFLINE_NOTES: Record<SystemCheckName, string> = {
  database: 'Not answering',
  objectStorage: 'Not reachable',
  jobQueue: 'Jobs are waiting: is the email worker running?',
};

/** Runs every probe at once, each timed and bounded by CHECK_TIMEOUT_MS (one slow part cannot hold the others). */
export async function systemStatus(probes: Record<SystemCheckName, Probe>): Promise<SystemStatus> {
  const checks = await Promise.all(SYSTEM_CHECKS.map((name) => timed(name, probes[name])));
  return { checkedAt: new Date().toISOString(), checks };
}

async function timed(name: SystemCheckName, probe: Probe): Promise<SystemCheck> {
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    const note = await Promise.race([probe(), timeout]);
    return { name, status: 'online', latencyMs: elapsed(started), note };
  } catch {
    return { name, status: 'offline', latencyMs: elapsed(started), note: OFFLINE_NOTES[name] };
  } finally {
    clearTimeout(timer);
  }
}

const elapsed = (started: number) => Math.max(0, Math.round(performance.now() - started));
