import type { Knex } from 'knex';
import type { IdParam, PaymentsQuery } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { paymentDetail, paymentSummary } from './service';

/** GET /api/admin/payments?status=&days=&q= — admin; the cards, counts and recent payments. */
export const getPayments = (knex: Knex) => async (ctx: RouteContext<undefined, PaymentsQuery>) => {
  ctx.body = await paymentSummary(knex, ctx.state.query);
};

/** GET /api/admin/payments/:id — admin; one payment with its webhook events. */
export const getPayment = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await paymentDetail(knex, ctx.state.params.id);
};
