import type { Knex } from 'knex';
import type { LegalDocumentParam, LegalMarkdownBody } from '@mastering/contracts';
import type { RouteContext } from '@mastering/service-kit';
import { adminLegalDocument, publicLegalDocument, renderLegal, saveLegalDocument } from './service';

/** GET /api/legal/:document — public; the terms, privacy or refund policy in force, as safe HTML. */
export const getLegalDocument = (knex: Knex) => async (ctx: RouteContext<undefined, undefined, LegalDocumentParam>) => {
  ctx.body = await publicLegalDocument(knex, ctx.state.params.document);
};

/** GET /api/admin/settings/legal/:document — admin; the Markdown in force and its version history. */
export const getAdminLegalDocument =
  (knex: Knex) => async (ctx: RouteContext<undefined, undefined, LegalDocumentParam>) => {
    ctx.body = await adminLegalDocument(knex, ctx.state.params.document);
  };

/** PUT /api/admin/settings/legal/:document — admin; saves the Markdown as a new version. */
export const putLegalDocument =
  (knex: Knex) => async (ctx: RouteContext<LegalMarkdownBody, undefined, LegalDocumentParam>) => {
    ctx.body = await saveLegalDocument(
      knex,
      ctx.state.params.document,
      ctx.state.body.markdown,
      ctx.state.identity!.userId,
    );
  };

/** POST /api/admin/settings/legal/:document/preview — admin; the Markdown as the public page would show it (nothing saved). */
export const postLegalPreview =
  (knex: Knex) => async (ctx: RouteContext<LegalMarkdownBody, undefined, LegalDocumentParam>) => {
    ctx.body = { html: await renderLegal(knex, ctx.state.body.markdown) };
  };
