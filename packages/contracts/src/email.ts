import { z } from 'zod';
import { TEST_EMAIL_TEMPLATES, type TestEmailTemplate } from './enums';
import { CampaignStatus, CampaignTemplate, RecipientType, TemplateType } from './enum-schemas';
import { TextBoolean, TextBooleanInput } from './common';
import {
  CONTENT_REQUIRED,
  FILL_EMAIL_FIELDS,
  HTML_CONTENT_REQUIRED,
  INVALID_EMAIL,
  NAME_REQUIRED,
  SELECT_TEMPLATE,
  SUBJECT_REQUIRED,
  SUBJECT_TOO_LONG,
  fillIn,
} from './messages';
import { SmtpCheck } from './settings';

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
  deliveryStats: z.object({
    delivered: z.number().int(),
    opened: z.number().int(),
    clicked: z.number().int(),
    bounced: z.number().int(),
  }),
  /** Live sending progress from the per-recipient rows: sent (delivered), failed (bounced or refused), still pending. */
  progress: z.object({
    total: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
  }),
});
export type Campaign = z.infer<typeof Campaign>;

/** Splits the custom recipients box (commas, semicolons, spaces or new lines) into addresses. */
export const splitRecipients = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * POST /api/admin/send-marketing-campaign (the New Campaign form). Custom recipients are required (and
 * must be valid addresses) only for the custom audience; `scheduledAt`, when given, must be in the future.
 */
export const CampaignForm = z
  .object({
    subject: z.string().trim().min(1, SUBJECT_REQUIRED).max(100, SUBJECT_TOO_LONG),
    content: z.string().trim().min(1, CONTENT_REQUIRED),
    template: CampaignTemplate,
    recipientType: RecipientType,
    customRecipients: z.string().optional(),
    scheduledAt: z.string().optional(),
  })
  .superRefine((form, ctx) => {
    if (form.recipientType === 'custom') {
      const emails = splitRecipients(form.customRecipients);
      if (emails.length === 0)
        ctx.addIssue({ code: 'custom', path: ['customRecipients'], message: CUSTOM_RECIPIENTS_REQUIRED });
      const bad = emails.filter((e) => !z.email().safeParse(e).success);
      if (bad.length)
        ctx.addIssue({
          code: 'custom',
          path: ['customRecipients'],
          message: `${INVALID_EMAIL}: ${bad.slice(0, 3).join(', ')}`,
        });
    }
    if (form.scheduledAt) {
      const at = new Date(form.scheduledAt);
      if (Number.isNaN(at.getTime()))
        ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: SCHEDULE_INVALID });
      else if (at.getTime() <= Date.now())
        ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: SCHEDULE_IN_PAST });
    }
  });
export type CampaignForm = z.infer<typeof CampaignForm>;

// Not spec texts: the spec does not fix the custom-audience and schedule messages.
export const CUSTOM_RECIPIENTS_REQUIRED = 'Please enter at least one recipient email';
export const SCHEDULE_INVALID = 'Scheduled time is not a valid date';
export const SCHEDULE_IN_PAST = 'Scheduled time must be in the future';

/** Path params of one campaign or template. */
export const EmailIdParams = z.object({ id: z.uuid('Not found') });
export type EmailIdParams = z.infer<typeof EmailIdParams>;

/** POST /api/admin/email-templates/preview: the editor's current fields, rendered with sample values. */
export const TemplatePreviewBody = z.object({
  subject: z.string().default(''),
  htmlContent: z.string().default(''),
  textContent: z.string().optional(),
  type: TemplateType.default('custom'),
});
export type TemplatePreviewBody = z.infer<typeof TemplatePreviewBody>;

/** A rendered mail: what the preview frame shows. */
export const RenderedEmail = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type RenderedEmail = z.infer<typeof RenderedEmail>;

/** Params of the `customer-message` template (sent by the customer-message endpoint in ops). */
export const CustomerMessageParams = z.object({
  subject: z.string().min(1),
  content: z.string().min(1),
  messageType: z.enum(['support', 'marketing', 'technical']).default('support'),
  customerName: z.string().optional(),
});
export type CustomerMessageParams = z.infer<typeof CustomerMessageParams>;

/** Params of the campaign templates (newsletter, promotion, announcement, custom): the campaign's text. */
export const CampaignMailParams = z.object({
  subject: z.string().min(1),
  content: z.string().min(1),
  customerName: z.string().optional(),
});
export type CampaignMailParams = z.infer<typeof CampaignMailParams>;

// How each test-email field is typed when sent (back-office spec §5, Test email).
const FIELD_TYPES: Record<string, z.ZodType> = {
  amount: z.coerce.number().nonnegative(),
  fileCount: z.coerce.number().int().nonnegative(),
  fileNames: z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v
        : String(v ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    z.array(z.string()).min(1),
  ),
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

/** GET /api/admin/email-health: healthy means SMTP answered; `check` says how it went, in SmtpCheck's words only. */
export const EmailHealth = z.object({
  status: z.enum(['healthy', 'unhealthy']),
  check: SmtpCheck,
  error: z.string().optional(),
  smtp: z.object({ host: z.string(), port: z.number(), connected: z.boolean() }),
  /** How long the check took, in milliseconds (connect, greeting, TLS and login when configured). */
  latencyMs: z.number().int().nonnegative(),
});
export type EmailHealth = z.infer<typeof EmailHealth>;

/** GET /api/admin/email-templates and GET /api/admin/marketing-campaigns: plain arrays. */
export const EmailTemplateList = z.array(EmailTemplate);
export const CampaignList = z.array(Campaign);
/** POST /api/admin/test-email and send-custom-email (202): the mail is queued as job `jobId`. */
export const EmailQueued = z.object({ success: z.literal(true), message: z.string(), jobId: z.string() });
/** POST /api/admin/init-system-templates: how many built-in templates were added, of how many. */
export const TemplatesInitialised = z.object({ created: z.number().int(), total: z.number().int() });
/** DELETE /api/admin/email-templates/:id (the spec's client reads `success`). */
export const SuccessResponse = z.object({ success: z.literal(true) });

/** Sample values the template preview fills in (every variable the system templates use). */
export const SAMPLE_EMAIL_PARAMS = {
  customerName: 'Naledi Dlamini',
  customerEmail: 'naledi@example.com',
  orderId: '4b0c2a1e-7d3f-4c1a-9e2b-5f6a7b8c9d0e',
  trackTitle: 'Sunset over Soweto',
  amount: 324.35,
  paymentMethod: 'Card',
  transactionId: 'ch_5Tq8Wz',
  fileCount: 2,
  fileNames: ['sunset-over-soweto.wav', 'midnight-taxi.wav'],
  reason: 'The card was declined by the bank',
  estimatedCompletion: '2026-11-25T14:00:00.000Z',
  expiryDate: '2026-12-01T00:00:00.000Z',
  downloadUrl: 'https://example.com/download/sample',
  orderPageUrl: 'https://example.com/orders/4b0c2a1e-7d3f-4c1a-9e2b-5f6a7b8c9d0e?t=sample',
  verificationUrl: 'https://example.com/verify/sample',
  resetUrl: 'https://example.com/reset/sample',
  subject: 'Fresh masters for the festive season',
  content:
    'Our engineers are booked through December.\nBook your slot now and get your tracks ready for the summer playlists.',
  code: '123456',
  expiresInMinutes: 10,
} as const;
