import type { Knex } from 'knex';
import {
  CAMPAIGN_TEMPLATES,
  SAMPLE_EMAIL_PARAMS,
  TEMPLATE_CATEGORIES,
  type RenderedEmail,
  type TemplateBody,
  type TemplatePreviewBody,
} from '@mastering/contracts';
import { EmailTemplate } from '@mastering/db';
import { Conflict, NotFound } from '@mastering/service-kit';
import { renderSource, viewOf } from '../mail/templates';
import { systemSource, systemTemplateRows } from '../mail/system-templates';

/** Every stored template, by name (the screen groups them by category). */
export async function listTemplates(knex: Knex) {
  const rows = await EmailTemplate.query(knex).modify('byName');
  return rows.map((row) => row.toApi());
}

// The unique template name is the only constraint an admin can trip over: say so plainly.
const nameTaken = (err: unknown) => (err as { constraint?: string }).constraint?.includes('name') ?? false;

/** Creates a template from the form (never a system one). */
export async function createTemplate(knex: Knex, body: TemplateBody) {
  try {
    const row = await EmailTemplate.query(knex)
      .insert({ ...fromBody(body), isSystem: false })
      .returning('*');
    return row.toApi();
  } catch (err) {
    if (nameTaken(err)) throw new Conflict(`A template named "${body.name}" already exists`);
    throw err;
  }
}

/** Replaces a template's fields; a system template keeps its type so it keeps serving that mail. */
export async function updateTemplate(knex: Knex, id: string, body: TemplateBody) {
  const existing = await EmailTemplate.query(knex).findById(id);
  if (!existing) throw new NotFound('Template not found');
  const changes = fromBody(body);
  try {
    const row = await EmailTemplate.query(knex).patchAndFetchById(
      id,
      existing.isSystem ? { ...changes, type: existing.type } : changes,
    );
    return row.toApi();
  } catch (err) {
    if (nameTaken(err)) throw new Conflict(`A template named "${body.name}" already exists`);
    throw err;
  }
}

/** Deletes a template an admin made; system templates can be reset but not deleted (409). */
export async function deleteTemplate(knex: Knex, id: string) {
  const existing = await EmailTemplate.query(knex).findById(id);
  if (!existing) throw new NotFound('Template not found');
  if (existing.isSystem) throw new Conflict('System templates cannot be deleted; reset it instead');
  await EmailTemplate.query(knex).deleteById(id);
}

/** Puts a system template's subject, HTML and text back to the built-in version. */
export async function resetTemplate(knex: Knex, id: string) {
  const existing = await EmailTemplate.query(knex).findById(id);
  if (!existing) throw new NotFound('Template not found');
  if (!existing.isSystem) throw new Conflict('Only system templates can be reset');
  const source = systemSource(existing.type);
  const row = await EmailTemplate.query(knex).patchAndFetchById(id, {
    subject: source.subject,
    htmlContent: source.html,
    textContent: source.text,
    isActive: true,
  });
  return row.toApi();
}

/**
 * Creates the system template of every type that has none yet (idempotent: a second call, or one
 * after an admin edited a template, changes nothing). Answers how many were created.
 */
export async function initSystemTemplates(knex: Knex) {
  const rows = systemTemplateRows();
  const existing = new Set((await EmailTemplate.query(knex).modify('system').select('type')).map((row) => row.type));
  const missing = rows.filter((row) => !existing.has(row.type));
  let created = 0;
  for (const row of missing) {
    // A hand-made template may already use the system name; the system one then gets a suffix.
    const taken = await EmailTemplate.query(knex).findOne({ name: row.name });
    const inserted = await EmailTemplate.query(knex)
      .insert({ ...row, name: taken ? `${row.name} (system)` : row.name, isSystem: true, isActive: true })
      .onConflict(knex.raw('(name)'))
      .ignore();
    if (inserted) created += 1;
  }
  return { created, total: rows.length };
}

// Types sent as marketing: their preview shows the unsubscribe footer every marketing mail gets.
const MARKETING_TYPES = new Set<string>([...TEMPLATE_CATEGORIES['Marketing & Retention'], ...CAMPAIGN_TEMPLATES]);

/** Renders the editor's current fields with sample values, for the preview frame. */
export async function previewTemplate(body: TemplatePreviewBody, siteUrl: string): Promise<RenderedEmail> {
  const unsubscribeUrl = MARKETING_TYPES.has(body.type) ? `${siteUrl}/e/unsubscribe/preview` : undefined;
  return renderSource(
    { subject: body.subject, html: body.htmlContent, text: body.textContent ?? null },
    viewOf({ ...SAMPLE_EMAIL_PARAMS, unsubscribeUrl }, siteUrl),
  );
}

function fromBody(body: TemplateBody) {
  return {
    name: body.name,
    subject: body.subject,
    htmlContent: body.htmlContent,
    textContent: body.textContent?.trim() ? body.textContent : null,
    type: body.type,
    description: body.description?.trim() ? body.description : null,
    isActive: body.isActive === 'true',
  };
}
