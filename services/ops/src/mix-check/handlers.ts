import type { Knex } from 'knex';
import type { IdParam } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { audioFileMixCheck } from './service';

/** GET /api/admin/audio-files/:id/mix-check — staff; the mix check of the file's original upload. */
export const getAudioFileMixCheck = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, IdParam>) => {
  ctx.body = await audioFileMixCheck(knex, ctx.state.params.id);
};
