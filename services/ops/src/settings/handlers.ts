import type { Knex } from 'knex';
import type { z } from 'zod';
import type { SaveSettingsBody } from '@mastering/contracts';
import type { Queue } from '@mastering/jobs';
import type { RouteContext, Secrets } from '@mastering/service-kit';
import type { StorefrontWrites } from '../storefront-writes';
import { readSettings, saveSettings, sendTestEmail, testEmailStatus } from './service';

/** GET /api/admin/settings — admin; the stored sections (secrets masked), the last save and the recent saves. */
export const getSettings = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await readSettings(knex);
};

/** PUT /api/admin/settings — admin; validates and saves every section at once (audited; the storefront's prices follow; the SMTP password sealed). */
export const putSettings =
  (knex: Knex, keys: Secrets, owners: { storefront: StorefrontWrites }) =>
  async (ctx: RouteContext<z.output<typeof SaveSettingsBody>>) => {
    ctx.body = await saveSettings({ knex, keys, storefront: owners.storefront }, ctx.state.body, ctx.state.identity!);
  };

/** POST /api/admin/settings/test-email — admin; queues a test mail to the caller's own address. */
export const postTestEmail = (knex: Knex, queue: Queue) => async (ctx: RouteContext) => {
  ctx.body = await sendTestEmail(knex, queue, ctx.state.identity!.email);
};

/** GET /api/admin/settings/test-email/:jobId — admin; whether that test mail went out, and the SMTP server's error if not. */
export const getTestEmailStatus = (knex: Knex) => async (ctx: RouteContext<unknown, unknown, { jobId: string }>) => {
  ctx.body = await testEmailStatus(knex, ctx.state.params.jobId);
};
