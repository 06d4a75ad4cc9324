import type { AnalyticsQuery } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import type { Counters } from '../counters';
import type { AnalyticsDays } from './service';

/** GET /api/admin/analytics?days= — admin; KPIs with growth, trend, genres, statuses, processing and customers (see Counters). */
export const getAnalytics =
  (deps: { counters: Pick<Counters, 'analytics'> }) => async (ctx: RouteContext<undefined, AnalyticsQuery>) => {
    ctx.body = await deps.counters.analytics(ctx.state.query.days as AnalyticsDays);
  };
