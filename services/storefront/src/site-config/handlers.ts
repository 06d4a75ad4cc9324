import type { Knex } from 'knex';
import type { RouteContext } from '@mastering/service-kit';
import { siteConfig } from './service';
import { approvedPrefixes, type PaymentDeps } from '../payments/service';

/** GET /api/config — public pricing and limits, computed from settings (never from the browser). */
export const getConfig = (knex: Knex, payments: Pick<PaymentDeps, 'yoco'>) => async (ctx: RouteContext) => {
  ctx.body = await siteConfig(knex, approvedPrefixes(payments.yoco));
};
