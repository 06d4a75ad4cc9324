import { z } from 'zod';
import { RevisionSettings } from './downloads';
import type { PricingSettings } from './pricing';
import type { MailTemplateName } from './mail-templates';
import { DEFAULT_SITE_NAME } from './constants';
import { DEFAULT_RETENTION_DAYS } from './retention';

/** South African Standard Time, the studio's clock for dates typed on the Settings screen (no daylight saving). */
const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;
/** The instant a launch special ending on `day` (YYYY-MM-DD) ends: the last second of that day in South Africa. */
export const launchEndOf = (day: string) => new Date(Date.parse(`${day}T23:59:59Z`) - SAST_OFFSET_MS).toISOString();
/** The South African day (YYYY-MM-DD) of an instant: the inverse of launchEndOf for the Settings screen. */
export const launchEndDayOf = (instant: string) =>
  new Date(Date.parse(instant) + SAST_OFFSET_MS).toISOString().slice(0, 10);

// Money on the Settings screen is whole rand as typed (basePrice 499); the server's own prices are
// PricingSettings (cents).

/** PUT /api/admin/settings/pricing: the Settings screen's pricing fields (rand, percent, MB) as the PricingSettings the server stores (cents). */
export const PricingSettingsBody = z
  .object({
    basePrice: z.coerce.number().positive('Base price must be more than 0').max(1_000_000),
    launchDiscount: z.coerce
      .number()
      .min(0, 'Launch discount must be 0 to 100')
      .max(100, 'Launch discount must be 0 to 100'),
    maxFileSize: z.coerce.number().int().positive('Max file size must be more than 0').max(10_000),
    /** The last day of the launch special (YYYY-MM-DD, South African time); blank: no end date. */
    launchEndsOn: z
      .union([z.literal(''), z.iso.date('Enter the end date as YYYY-MM-DD')])
      .optional()
      .default(''),
  })
  .transform(
    (s): PricingSettings => ({
      basePriceCents: Math.round(s.basePrice * 100),
      launchDiscountPercent: s.launchDiscount,
      maxFileSizeMb: s.maxFileSize,
      launchEndsAt: s.launchEndsOn ? launchEndOf(s.launchEndsOn) : null,
    }),
  );
export type PricingSettingsBody = z.input<typeof PricingSettingsBody>;

// Server-stored settings: the Settings screen saves each section to the server.

const OptionalEmail = z.union([z.literal(''), z.email('Please enter a valid email address')]);

/**
 * Who the studio is, as the law asks a site to say (ECTA s43): legal name, company registration, VAT
 * number and whether it is a VAT vendor, physical address and phone. Shown in the footer, at checkout
 * and on invoices. Defaulted fields, so a save from an older screen keeps working.
 */
export const StudioIdentity = z.object({
  legalName: z.string().trim().max(200).default(''),
  registrationNumber: z.string().trim().max(50).default(''),
  vatNumber: z
    .string()
    .trim()
    .refine((v) => v === '' || /^4\d{9}$/.test(v), 'VAT number must be 10 digits starting with 4')
    .default(''),
  vatVendor: z.boolean().default(false),
  physicalAddress: z.string().trim().max(500).default(''),
  phone: z.string().trim().max(30).default(''),
});
export type StudioIdentity = z.infer<typeof StudioIdentity>;

/** The General section: the site's name and contacts, and the maintenance and analytics switches. */
export const GeneralSettings = z
  .object({
    siteName: z.string().trim().min(1, 'Site name is required').max(100),
    siteDescription: z.string().trim().max(500),
    contactEmail: OptionalEmail,
    supportEmail: OptionalEmail,
    maintenanceMode: z.boolean(),
    enableAnalytics: z.boolean(),
    ...StudioIdentity.shape,
    /** An admin confirmed the identity is the studio's own (until then the dashboard asks; defaulted for older saves). */
    studioIdentityConfirmed: z.boolean().default(false),
  })
  .refine((g) => !g.vatVendor || g.vatNumber !== '', {
    path: ['vatNumber'],
    message: 'A VAT vendor needs its VAT number',
  });
export type GeneralSettings = z.infer<typeof GeneralSettings>;

/** What a new order is told while maintenance mode is on (503). */
export const MAINTENANCE_NOTICE =
  'We are doing some maintenance and cannot take new orders right now. Please try again a little later.';

/** The studio's address until staff give theirs: the spec's footer contact line (storefront.md, Footer). */
export const DEFAULT_STUDIO_ADDRESS = 'Johannesburg, South Africa';

/**
 * The General section of a site that never saved one. The identity starts as the spec's footer says,
 * nothing invented beside it (no phone or registration the studio may not have), unconfirmed.
 */
export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = Object.freeze({
  siteName: DEFAULT_SITE_NAME,
  siteDescription: 'Professional audio mastering by human engineers',
  contactEmail: '',
  supportEmail: '',
  maintenanceMode: false,
  enableAnalytics: true,
  legalName: '',
  registrationNumber: '',
  vatNumber: '',
  vatVendor: false,
  physicalAddress: DEFAULT_STUDIO_ADDRESS,
  phone: '',
  studioIdentityConfirmed: false,
});

/** The dashboard's prompt while no admin has confirmed the studio's identity, and the Settings switch that confirms it. */
export const STUDIO_IDENTITY_TEXTS = {
  promptTitle: "Confirm the studio's identity",
  prompt:
    'The footer, checkout, invoices and legal pages name the studio with the details in Settings → General. Check the legal name, registration number, address and phone, then switch on "Identity confirmed" and save.',
  promptLink: 'Review in Settings',
  switchLabel: 'Identity confirmed',
  switchHint: 'On: an admin checked that the legal name, registration, address and phone above are the studio’s own.',
} as const;

/** The Pricing section as the screen shows it: rand, percent and MB. */
export const PricingFields = z.object({
  basePrice: z.number(),
  launchDiscount: z.number(),
  maxFileSize: z.number(),
  launchEndsOn: z.string(),
});
export type PricingFields = z.infer<typeof PricingFields>;

/** The longest session the Security setting allows, in hours (30 days). */
export const SESSION_TIMEOUT_LIMIT = 720;
/** The highest "Max login attempts" the Security setting allows. */
export const MAX_LOGIN_ATTEMPTS_LIMIT = 100;

/** How long a delivered order's audio is kept unless Settings says otherwise (days). */
export const DEFAULT_AUDIO_RETENTION_DAYS = DEFAULT_RETENTION_DAYS.delivered;
/** The longest retention the Security setting allows (days; ten years). */
export const AUDIO_RETENTION_LIMIT_DAYS = 3650;

const limitField = (label: string, max: number, fallback: number) =>
  z.coerce
    .number()
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be 1 to ${max}`)
    .max(max, `${label} must be 1 to ${max}`)
    .default(fallback);

/**
 * Uploads not in a paid order yet that one visitor (browser or account) and one client address may hold
 * at once: files and GB. Defaults a real artist never meets (30 tracks, 15 GB = 30 full-size files); an
 * address gets five visitors' worth, since a studio, campus or mobile carrier puts many people behind one.
 * Defaulted fields, so a save from an older screen keeps working.
 */
export const UploadLimitSettings = z.object({
  uploadFilesPerVisitor: limitField('Files per visitor', 10_000, 30),
  uploadGbPerVisitor: limitField('GB per visitor', 10_000, 15),
  uploadFilesPerAddress: limitField('Files per address', 100_000, 150),
  uploadGbPerAddress: limitField('GB per address', 100_000, 75),
});
export type UploadLimitSettings = z.infer<typeof UploadLimitSettings>;
export const DEFAULT_UPLOAD_LIMITS: UploadLimitSettings = Object.freeze(UploadLimitSettings.parse({}));
/** What the upload limits do (shown under them on the Settings screen). */
export const UPLOAD_LIMITS_NOTE =
  'Uploads not in a paid order yet that one visitor, and one network address, may hold at once. An order left unpaid expires and its uploads stop counting here; they are deleted as Audio retention says.';

/**
 * The Security section. Sessions end `sessionTimeout` hours after sign-in; one client may enter
 * `maxLoginAttempts` wrong codes for an address an hour (see SECURITY_SETTINGS_NOTE).
 */
export const SecuritySettings = z.object({
  sessionTimeout: z.coerce
    .number()
    .int('Session timeout must be a whole number of hours')
    .min(1, `Session timeout must be 1 to ${SESSION_TIMEOUT_LIMIT} hours`)
    .max(SESSION_TIMEOUT_LIMIT, `Session timeout must be 1 to ${SESSION_TIMEOUT_LIMIT} hours`),
  maxLoginAttempts: z.coerce
    .number()
    .int('Max login attempts must be a whole number')
    .min(1, `Max login attempts must be 1 to ${MAX_LOGIN_ATTEMPTS_LIMIT}`)
    .max(MAX_LOGIN_ATTEMPTS_LIMIT, `Max login attempts must be 1 to ${MAX_LOGIN_ATTEMPTS_LIMIT}`),
  adminTokenEnabled: z.boolean(),
  requireStrongPasswords: z.boolean(),
  ...UploadLimitSettings.shape,
  /** POPIA retention: source audio and masters are deleted this many days after delivery (defaulted for older saves). */
  audioRetentionDays: limitField('Delete audio after', AUDIO_RETENTION_LIMIT_DAYS, DEFAULT_AUDIO_RETENTION_DAYS),
  /** Days after a full refund that an order's audio is kept (every ending: retention.ts). */
  refundedRetentionDays: limitField(
    'Delete audio after a refund',
    AUDIO_RETENTION_LIMIT_DAYS,
    DEFAULT_RETENTION_DAYS.refunded,
  ),
  /** Days after a paid order was cancelled. */
  cancelledRetentionDays: limitField(
    'Delete audio after a cancellation',
    AUDIO_RETENTION_LIMIT_DAYS,
    DEFAULT_RETENTION_DAYS.cancelled,
  ),
  /** Days after an unpaid order expired or was cancelled. */
  expiredRetentionDays: limitField(
    'Delete audio of unpaid orders after',
    AUDIO_RETENTION_LIMIT_DAYS,
    DEFAULT_RETENTION_DAYS.expired,
  ),
});
export type SecuritySettings = z.infer<typeof SecuritySettings>;

/** The Security section of a site that never saved one (the spec's defaults). */
export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = Object.freeze({
  sessionTimeout: 24,
  maxLoginAttempts: 5,
  adminTokenEnabled: true,
  requireStrongPasswords: true,
  ...DEFAULT_UPLOAD_LIMITS,
  audioRetentionDays: DEFAULT_AUDIO_RETENTION_DAYS,
  refundedRetentionDays: DEFAULT_RETENTION_DAYS.refunded,
  cancelledRetentionDays: DEFAULT_RETENTION_DAYS.cancelled,
  expiredRetentionDays: DEFAULT_RETENTION_DAYS.expired,
});

/**
 * The Email section as stored. The SMTP password is stored sealed (AES-256-GCM under the signing
 * keyring, bound to the host) and never leaves the server; a save that changes the relay (host, port, user,
 * TLS exemption) must carry it again. Mail goes out only
 * over TLS (STARTTLS required) unless `smtpPlaintextHost` names the saved host: an exemption for that
 * one host, which lapses when the host changes.
 */
export const EmailSettings = z.object({
  smtpHost: z.string().trim().max(253),
  smtpPort: z.coerce
    .number()
    .int('SMTP port must be 1 to 65535')
    .min(1, 'SMTP port must be 1 to 65535')
    .max(65_535, 'SMTP port must be 1 to 65535'),
  smtpUser: z.string().trim().max(200),
  smtpPassword: z.string().max(2000),
  smtpPlaintextHost: z.string().trim().max(253),
  enableEmailNotifications: z.boolean(),
  orderConfirmationEmails: z.boolean(),
  statusUpdateEmails: z.boolean(),
});
export type EmailSettings = z.infer<typeof EmailSettings>;

/** The Email section of a site that never saved one (the spec's defaults). */
export const DEFAULT_EMAIL_SETTINGS: EmailSettings = Object.freeze({
  smtpHost: '',
  smtpPort: 587,
  smtpUser: '',
  smtpPassword: '',
  smtpPlaintextHost: '',
  enableEmailNotifications: true,
  orderConfirmationEmails: true,
  statusUpdateEmails: true,
});

/** An SMTP relay as the Email settings name it: where, with which login (the password as stored), and whether TLS is required. */
export type SmtpRelay = { host: string; port: number; user: string; password: string; requireTls: boolean };

/** True when the STARTTLS exemption names this very host (host names ignore case). */
export const plaintextAllowed = (email: Pick<EmailSettings, 'smtpHost' | 'smtpPlaintextHost'>) =>
  email.smtpPlaintextHost !== '' && email.smtpPlaintextHost.toLowerCase() === email.smtpHost.toLowerCase();

/**
 * The relay the Email settings choose, or null while no host is saved (mail then goes through the
 * server's own relay, SMTP_URL). The email worker sends by it, and the Settings screen names it.
 */
export function smtpRelayOf(
  email: Pick<EmailSettings, 'smtpHost' | 'smtpPort' | 'smtpUser' | 'smtpPassword' | 'smtpPlaintextHost'>,
): SmtpRelay | null {
  return email.smtpHost
    ? {
        host: email.smtpHost,
        port: email.smtpPort,
        user: email.smtpUser,
        password: email.smtpPassword,
        requireTls: !plaintextAllowed(email),
      }
    : null;
}

/**
 * What a check of the SMTP relay (the health check, a test mail) may say of it: nothing the server
 * itself wrote, so the check cannot be used to read other servers' banners.
 */
export const SmtpCheck = z.enum(['reachable', 'refused', 'TLS failed', 'timed out']);
export type SmtpCheck = z.infer<typeof SmtpCheck>;

type NotificationSwitch = 'orderConfirmationEmails' | 'statusUpdateEmails';
/** The Email switch that decides whether a template is sent (templates not listed always are; keys are mail names). */
export const NOTIFICATION_SWITCHES: Readonly<Record<string, NotificationSwitch>> = {
  'order-confirmation': 'orderConfirmationEmails',
  'mastering-started': 'statusUpdateEmails',
} satisfies Partial<Record<MailTemplateName, NotificationSwitch>>;

/** False when the admin switched off the kind of notification `template` is. */
export function notificationEnabled(
  email: Pick<EmailSettings, 'orderConfirmationEmails' | 'statusUpdateEmails'>,
  template: string,
): boolean {
  const key = NOTIFICATION_SWITCHES[template];
  return key === undefined || email[key];
}

/** The Email section as the browser sees it: the password replaced by whether one is stored. */
export const PublicEmailSettings = EmailSettings.omit({ smtpPassword: true }).extend({ smtpPasswordSet: z.boolean() });
export type PublicEmailSettings = z.infer<typeof PublicEmailSettings>;

/**
 * The Email section a save sends: a password left out (or blank) keeps the stored one, unless the
 * host changes (then it is cleared). An exemption left out means none.
 */
export const EmailSettingsBody = EmailSettings.extend({
  smtpPassword: z.string().max(500).optional(),
  smtpPlaintextHost: z.string().trim().max(253).default(''),
});

/** What the Security and Email sections do (shown on the screen under each title). */
export const SECURITY_SETTINGS_NOTE =
  'Sessions end this many hours after sign-in (shortening it also shortens sessions already open). One device may enter this many wrong login codes for an address in an hour.';
export const EMAIL_SETTINGS_NOTE =
  "Once an SMTP host is saved, every mail goes out through it over TLS (STARTTLS); with no host, through the server's own mail relay. Changing the host clears the stored password. The test button sends through the saved settings and says whether it worked.";

/**
 * PUT /api/admin/settings (admin): every stored section, checked before anything is saved. Security
 * and Email may be left out (an older client): the stored ones stay.
 */
export const SaveSettingsBody = z.object({
  general: GeneralSettings,
  pricing: PricingSettingsBody,
  security: SecuritySettings.optional(),
  email: EmailSettingsBody.optional(),
  /** Free revisions and their window (kept in the `delivery` section); left out, the stored ones stay. */
  revisions: RevisionSettings.optional(),
});
export type SaveSettingsBody = z.input<typeof SaveSettingsBody>;

/** One settings save: who saved which changed sections, and when. */
export const SettingsChange = z.object({
  changedAt: z.string(),
  changedBy: z.string().nullable(),
  sections: z.array(z.string()),
});
export type SettingsChange = z.infer<typeof SettingsChange>;

/** GET/PUT /api/admin/settings answer: the stored sections, who saved them last and when, and the recent saves. */
export const StoredSettings = z.object({
  general: GeneralSettings,
  pricing: PricingFields,
  security: SecuritySettings,
  email: PublicEmailSettings,
  revisions: RevisionSettings,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  recentChanges: z.array(SettingsChange),
});
export type StoredSettings = z.infer<typeof StoredSettings>;

/** How many recent saves the settings answer lists. */
export const SETTINGS_AUDIT_LIMIT = 5;

/** POST /api/admin/settings/test-email answer: the test mail is queued to the admin's own address. */
export const TestEmailQueued = z.object({ ok: z.literal(true), to: z.string(), jobId: z.string() });
export type TestEmailQueued = z.infer<typeof TestEmailQueued>;

/** Where a test mail is: waiting for the worker, being sent, accepted by the SMTP server, or refused. */
export const TestEmailState = z.enum(['queued', 'sending', 'sent', 'failed']);
export type TestEmailState = z.infer<typeof TestEmailState>;

/**
 * GET /api/admin/settings/test-email/:jobId answer: the test mail's state, the SMTP server's error when
 * it failed, and the relay it goes through ("smtp.example.com:587", or the server's own relay).
 */
export const TestEmailStatus = z.object({
  jobId: z.string(),
  to: z.string().nullable(),
  state: TestEmailState,
  error: z.string().nullable(),
  via: z.string(),
});
export type TestEmailStatus = z.infer<typeof TestEmailStatus>;

/** What the Settings screen says of a test mail while it goes out and once the SMTP server has answered. */
export function testEmailStatusText({
  state,
  to,
  via,
  error,
}: Pick<TestEmailStatus, 'state' | 'to' | 'via' | 'error'>): string {
  if (state === 'sent') return `Sent to ${to} through ${via}. Check that inbox.`;
  if (state === 'failed') return `Not sent through ${via}: ${error ?? 'the SMTP server refused it'}`;
  return `Sending a test email${to ? ` to ${to}` : ''} through ${via}...`;
}

/** The path parameter naming a queued test mail's job. */
export const TestEmailJobParam = z.object({
  jobId: z.string().trim().min(1, 'Not a valid job id').max(100, 'Not a valid job id'),
});
export type TestEmailJobParam = z.infer<typeof TestEmailJobParam>;

/** How the Settings screen names the server's own relay (SMTP_URL) when no SMTP host is saved. */
export const DEFAULT_RELAY_NAME = "the server's own mail relay";

/** The screen's pricing fields (rand) for stored PricingSettings (cents). */
export const pricingFieldsOf = (p: PricingSettings): PricingFields => ({
  basePrice: p.basePriceCents / 100,
  launchDiscount: p.launchDiscountPercent,
  maxFileSize: p.maxFileSizeMb,
  launchEndsOn: p.launchEndsAt ? launchEndDayOf(p.launchEndsAt) : '',
});
