import type { RouteContext } from '@mastering/service-kit';
import { systemStatus, type systemProbes } from './service';

/** GET /api/admin/system-status — admin; live checks of the database, object storage and job queue, with latency. */
export const getSystemStatus = (probes: ReturnType<typeof systemProbes>) => async (ctx: RouteContext) => {
  ctx.body = await systemStatus(probes);
};
