import type { Knex } from 'knex';
import type { UserIdParam } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { customerFiles, customerOrders } from './service';

/** GET /api/orders/customer/:userId — admin; the profile page's orders of that user. */
export const getCustomerOrders = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, UserIdParam>) => {
  ctx.body = await customerOrders(knex, ctx.state.params.userId);
};

/** GET /api/audio-files/customer/:userId — admin; the profile page's audio files of that user. */
export const getCustomerFiles = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, UserIdParam>) => {
  ctx.body = await customerFiles(knex, ctx.state.params.userId);
};
