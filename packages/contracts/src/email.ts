import { z } from 'zod';
import { CampaignStatus, CampaignTemplate, RecipientType, TemplateType, TEST_EMAIL_TEMPLATES, type TestEmailTemplate } from './enums';
import { TextBoolean, TextBooleanInput } from './common';
import { CONTENT_REQUIRED, FILL_EMAIL_FIELDS, HTML_CONTENT_REQUIRED, INVALID_EMAIL, NAME_REQUIRED, SELECT_TEMPLATE, SUBJECT_REQUIRED, SUBJECT_TOO_LONG, fillIn } from './messages';

// Email templates, marketing campaigns, test and custom emails (back-office spec §5, §7). Test-email
// amounts are rand as decimals.

/** An email template; GET /api/admin/email-templates answers a plain array. */
export const EmailTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  subject: z.string(),
  htmlContent: z.string(),
  textContent: z.string().nullable(),
  type: TemplateType,
  description: z.string().nullable(),
  isActive: TextBoolean,
  isSystem: z.boolean(),
  createdAt: z.string(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

/** POST / PUT /api/admin/email-templates: name, subject and HTML content required (back-office spec §5). */
export const TemplateBody = z.object({
  name: z.string().trim().min(1, NAME_REQUIRED).max(200),
  subject: z.string().trim().min(1, SUBJECT_REQUIRED).max(300),
  htmlContent: z.string().trim().min(1, HTML_CONTENT_REQUIRED),
  textContent: z.string().optional(),
  type: TemplateType.default('custom'),
  description: z.string().max(1000).optional(),
  isActive: TextBooleanInput.default('true'),
});
export type TemplateBody = z.infer<typeof TemplateBody>;
/** @deprecated The first name of TemplateBody, kept for importers. */
export const EmailTemplateBody = TemplateBody;
export type EmailTemplateBody = TemplateBody;

/** A marketing campaign; GET /api/admin/marketing-campaigns answers a plain array. */
export const Campaign = z.object({
  id: z.uuid(),
  subject: z.string(),
  content: z.string(),
  template: CampaignTemplate,
  status: CampaignStatus,
  recipientType: RecipientType,
  recipientCount: z.number().int(),
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  deliveryStats: z.object({ delivered: z.number().int(), opened: z.number().int(), clicked: z.number().int(), bounced: z.number().int() }),
});
export type Campaign = z.infer<typeof Campaign>;

/** POST /api/admin/send-marketing-campaign (the New Campaign form). */
export const CampaignForm = z.object({
  subject: z.string().trim().min(1, SUBJECT_REQUIRED).max(100, SUBJECT_TOO_LONG),
  content: z.string().trim().min(1, CONTENT_REQUIRED),
  template: CampaignTemplate,
  recipientType: RecipientType,
  customRecipients: z.string().optional(),
  scheduledAt: z.string().optional(),
});
export type CampaignForm = z.infer<typeof CampaignForm>;

// How each test-email field is typed when sent (back-office spec §5, Test email).
const FIELD_TYPES: Record<string, z.ZodType> = {
  amount: z.coerce.number().nonnegative(),
  fileCount: z.coerce.number().int().nonnegative(),
  fileNames: z.preprocess((v) => (Array.isArray(v) ? v : String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean)), z.array(z.string()).min(1)),
  expiryDate: z.coerce.date().transform((d) => d.toISOString()),
  estimatedCompletion: z.coerce.date().transform((d) => d.toISOString()),
  customerEmail: z.email(),
  downloadUrl: z.url(),
};

/**
 * Validates POST /api/admin/test-email: a known template and every field it needs, typed
 * ('Please select an email template'; 'Please fill in: a, b' for missing fields).
 */
export const TestEmailBody = z
  .object({ template: z.string().optional(), params: z.record(z.string(), z.unknown()).default({}) })
  .transform((body, ctx) => {
    if (!body.template || !(body.template in TEST_EMAIL_TEMPLATES)) {
      ctx.addIssue({ code: 'custom', path: ['template'], message: SELECT_TEMPLATE });
      return z.NEVER;
    }
    const template = body.template as TestEmailTemplate;
    const fields = TEST_EMAIL_TEMPLATES[template];
    const missing = fields.filter((f) => body.params[f] === undefined || String(body.params[f]).trim() === '');
    if (missing.length) {
      ctx.addIssue({ code: 'custom', path: ['params'], message: fillIn([...missing]) });
      return z.NEVER;
    }
    const params: Record<string, unknown> = {};
    for (const field of fields) {
      const parsed = (FIELD_TYPES[field] ?? z.string().trim()).safeParse(body.params[field]);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', path: ['params', field], message: `${field} is not valid` });
        return z.NEVER;
      }
      params[field] = parsed.data;
    }
    return { template, params };
  });
export type TestEmailBody = z.output<typeof TestEmailBody>;

/** POST /api/admin/send-custom-email */
export const CustomEmailBody = z.object({
  to: z.string().trim().min(1, FILL_EMAIL_FIELDS).pipe(z.email(INVALID_EMAIL)),
  subject: z.string().trim().min(1, FILL_EMAIL_FIELDS).max(300),
  content: z.string().trim().min(1, FILL_EMAIL_FIELDS),
});
export type CustomEmailBody = z.infer<typeof CustomEmailBody>;

/** GET /api/admin/email-health: healthy means SMTP answered. */
export const EmailHealth = z.object({
  status: z.enum(['healthy', 'unhealthy']),
  error: z.string().optional(),
  smtp: z.object({ host: z.string(), port: z.number(), connected: z.boolean() }),
});
export type EmailHealth = z.infer<typeof EmailHealth>;

/** GET /api/admin/email-templates and GET /api/admin/marketing-campaigns: plain arrays. */
export const EmailTemplateList = z.array(EmailTemplate);
export const CampaignList = z.array(Campaign);
