import type { Knex } from 'knex';
import type { CustomEmailBody, TestEmailBody } from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import type { RouteContext } from '@mastering/service-kit';
import { sendCustomEmail, sendTestEmail } from './service';

/** POST /api/admin/test-email — admin; renders and queues a test of one transactional template. */
export const postTestEmail =
  (knex: Knex, queue: Queue, siteUrl: string) => async (ctx: RouteContext<TestEmailBody>) => {
    ctx.status = 202;
    ctx.body = await sendTestEmail(knex, queue, siteUrl, ctx.state.body);
  };

/** POST /api/admin/send-custom-email — admin; queues a one-off email. */
export const postCustomEmail =
  (knex: Knex, queue: Queue, siteUrl: string) => async (ctx: RouteContext<CustomEmailBody>) => {
    ctx.status = 202;
    ctx.body = await sendCustomEmail(knex, queue, siteUrl, ctx.state.body);
  };
