import type { Knex } from 'knex';
import type { CustomerEmailParam, CustomersQuery, SendMessageBody } from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import type { RouteContext } from '@mastering/service-kit';
import { customerDetail, customerStats, exportCustomers, listCustomers, messageCustomer } from './service';

/** GET /api/admin/customers — admin; searched, filtered, sorted customers (plain array, or a page when asked). */
export const getCustomers = (knex: Knex) => async (ctx: RouteContext<undefined, CustomersQuery>) => {
  ctx.body = await listCustomers(knex, ctx.state.query);
};

/** GET /api/admin/customers/stats — admin; the five customer cards. */
export const getCustomerStats = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await customerStats(knex);
};

/** GET /api/admin/customers/export — admin; the filtered list as a streamed CSV download. */
export const getCustomersCsv = (knex: Knex) => async (ctx: RouteContext<undefined, CustomersQuery>) => {
  ctx.type = 'text/csv; charset=utf-8';
  ctx.attachment(`customers-${new Date().toISOString().slice(0, 10)}.csv`);
  ctx.body = exportCustomers(knex, ctx.state.query);
};

/** GET /api/admin/customers/:email — admin; one customer with their order history. */
export const getCustomer = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, CustomerEmailParam>) => {
  ctx.body = await customerDetail(knex, ctx.state.params.email);
};

/** POST /api/admin/customers/:email/message — admin; queues the message mail and records its type. */
export const postCustomerMessage =
  (knex: Knex, queue: Queue) => async (ctx: RouteContext<SendMessageBody, undefined, CustomerEmailParam>) => {
    ctx.body = await messageCustomer(knex, queue, ctx.state.params.email, ctx.state.body, ctx.state.identity!.userId);
  };
