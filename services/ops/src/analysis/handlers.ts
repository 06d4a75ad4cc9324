import type { Knex } from 'knex';
import type { IdParam } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { audioFileAnalysis } from './service';

/** GET /api/admin/audio-files/:id/analysis — staff; the measured original and master of one audio file. */
export const getAudioFileAnalysis = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await audioFileAnalysis(knex, ctx.state.params.id);
};
