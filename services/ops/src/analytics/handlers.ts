import type { Knex } from 'knex';
import type { AnalyticsQuery, TREND_BUCKETS } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { analytics } from './service';

/** GET /api/admin/analytics?days= — admin; KPIs with growth, trend, genres, statuses, processing and customers. */
export const getAnalytics = (knex: Knex) => async (ctx: RouteContext<undefined, AnalyticsQuery>) => {
  ctx.body = await analytics(knex, ctx.state.query.days as keyof typeof TREND_BUCKETS);
};
