import type { Middleware } from 'koa';
import type { Knex } from 'knex';
import type { Identity } from '@mastering/contracts';
import type { ServiceName } from '../routes';

/** Whether each service's `/readyz` answers: staff-only detail, never shown to the public. */
export async function servicesReadiness(targets: Record<ServiceName, string>): Promise<Record<string, 'ok' | 'down'>> {
  const check = async (base: string) => {
    try {
      return (await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) })).ok ? 'ok' : 'down';
    } catch {
      return 'down';
    }
  };
  return Object.fromEntries(
    await Promise.all(Object.entries(targets).map(async ([name, base]) => [name, await check(base)] as const)),
  );
}

/**
 * `/healthz` (the process is alive) and `/readyz` (the gateway can do its own work: its database
 * answers). Readiness is the gateway's own, so one service being down does not take the whole site out
 * of a load balancer; the per-service detail is added for a signed-in admin only. No error text is shown.
 */
export function healthEndpoints({
  knex,
  targets,
  identityOf,
}: {
  knex: Knex;
  targets: Record<ServiceName, string>;
  identityOf: (ctx: Parameters<Middleware>[0]) => Promise<Identity | null>;
}): Middleware {
  return async (ctx, next) => {
    if (ctx.path === '/healthz') {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { status: 'ok', service: 'gateway' };
      return;
    }
    if (ctx.path !== '/readyz') return next();
    ctx.set('Cache-Control', 'no-store');
    const database = await knex.raw('select 1').then(
      () => 'ok' as const,
      () => 'down' as const,
    );
    ctx.status = database === 'ok' ? 200 : 503;
    ctx.body = { status: database === 'ok' ? 'ok' : 'unavailable', database };
    const identity = database === 'ok' ? await identityOf(ctx) : null;
    if (identity?.role === 'admin') ctx.body = { ...ctx.body, services: await servicesReadiness(targets) };
  };
}
