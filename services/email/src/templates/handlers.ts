import type { Knex } from 'knex';
import type { EmailIdParams, TemplateBody, TemplatePreviewBody } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import {
  createTemplate,
  deleteTemplate,
  initSystemTemplates,
  listTemplates,
  previewTemplate,
  resetTemplate,
  updateTemplate,
} from './service';

/** GET /api/admin/email-templates — admin; every template (plain array). */
export const getTemplates = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await listTemplates(knex);
};

/** POST /api/admin/email-templates — admin; creates a template. */
export const postTemplate = (knex: Knex) => async (ctx: RouteContext<TemplateBody>) => {
  ctx.status = 201;
  ctx.body = await createTemplate(knex, ctx.state.body);
};

/** PUT /api/admin/email-templates/:id — admin; replaces a template's fields. */
export const putTemplate = (knex: Knex) => async (ctx: RouteContext<TemplateBody, unknown, EmailIdParams>) => {
  ctx.body = await updateTemplate(knex, ctx.state.params.id, ctx.state.body);
};

/** DELETE /api/admin/email-templates/:id — admin; deletes a hand-made template (409 for a system one). */
export const removeTemplate = (knex: Knex) => async (ctx: RouteContext<unknown, unknown, EmailIdParams>) => {
  await deleteTemplate(knex, ctx.state.params.id);
  ctx.body = { success: true };
};

/** POST /api/admin/email-templates/:id/reset — admin; puts a system template back to its built-in text. */
export const postResetTemplate = (knex: Knex) => async (ctx: RouteContext<unknown, unknown, EmailIdParams>) => {
  ctx.body = await resetTemplate(knex, ctx.state.params.id);
};

/** POST /api/admin/init-system-templates — admin; creates the missing system templates (idempotent). */
export const postInitSystemTemplates = (knex: Knex) => async (ctx: RouteContext) => {
  ctx.body = await initSystemTemplates(knex);
};

/** POST /api/admin/email-templates/preview — admin; renders the editor's fields with sample values. */
export const postPreview = (siteUrl: string) => async (ctx: RouteContext<TemplatePreviewBody>) => {
  ctx.body = await previewTemplate(ctx.state.body, siteUrl);
};
