import type { Knex } from 'knex';
import type { ServiceName } from './routes';

/** Liveness and readiness of the gateway itself, and of the services behind it. */
export async function readiness(knex: Knex, targets: Record<ServiceName, string>) {
  const check = async (url: string) => {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      return res.ok ? 'ok' : `answered ${res.status}`;
    } catch (err) {
      return `unreachable (${(err as Error).message})`;
    }
  };
  const database = await knex.raw('select 1').then(
    () => 'ok',
    (err: Error) => `down (${err.message})`,
  );
  const services = Object.fromEntries(
    await Promise.all(Object.entries(targets).map(async ([name, base]) => [name, await check(`${base}/readyz`)] as const)),
  );
  const ready = database === 'ok' && Object.values(services).every((s) => s === 'ok');
  return { ready, body: { status: ready ? 'ok' : 'degraded', database, services } };
}
