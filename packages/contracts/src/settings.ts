import { z } from 'zod';
import type { PricingSettings } from './pricing';

// The admin Settings screen is browser-only (back-office spec §3): parsing what local storage holds
// fills every missing section and field with the spec's default, so an older saved copy still loads.
// Money here is whole rand as typed (basePrice 499); the server's own prices are PricingSettings (cents).

/** A number field that falls back to 0 when unparsable (back-office spec §5, Settings). */
const NumberOrZero = z.preprocess((v) => {
  const n = typeof v === 'number' ? v : parseFloat(String(v ?? ''));
  return Number.isFinite(n) ? n : 0;
}, z.number());

/** The admin Settings screen's shape and defaults (kept in the browser, back-office spec §3). */
export const AdminSettings = z.object({
  system: z.object({
    siteName: z.string().default('Mastering Studio'),
    siteDescription: z.string().default('Professional audio mastering by human engineers'),
    contactEmail: z.string().default(''),
    supportEmail: z.string().default(''),
    basePrice: NumberOrZero.default(499),
    launchDiscount: NumberOrZero.default(35),
    maxFileSize: NumberOrZero.default(500),
    enableRegistration: z.boolean().default(true),
    maintenanceMode: z.boolean().default(false),
    enableAnalytics: z.boolean().default(true),
  }).prefault({}),
  security: z.object({
    adminTokenEnabled: z.boolean().default(true),
    sessionTimeout: NumberOrZero.default(24),
    maxLoginAttempts: NumberOrZero.default(5),
    requireStrongPasswords: z.boolean().default(true),
    enableTwoFactor: z.boolean().default(false),
  }).prefault({}),
  email: z.object({
    smtpHost: z.string().default(''),
    smtpPort: NumberOrZero.default(587),
    smtpUser: z.string().default(''),
    smtpPassword: z.string().default(''),
    enableEmailNotifications: z.boolean().default(true),
    orderConfirmationEmails: z.boolean().default(true),
    statusUpdateEmails: z.boolean().default(true),
  }).prefault({}),
});
export type AdminSettings = z.infer<typeof AdminSettings>;

/** The defaults of every admin setting. */
export const defaultAdminSettings = (): AdminSettings => AdminSettings.parse({});

/**
 * PUT /api/admin/settings/pricing: the Settings screen's pricing fields (rand, percent, MB, named as in
 * AdminSettings.system) turned into the PricingSettings the server stores (cents).
 */
export const PricingSettingsBody = z
  .object({
    basePrice: z.coerce.number().positive('Base price must be more than 0').max(1_000_000),
    launchDiscount: z.coerce.number().min(0, 'Launch discount must be 0 to 100').max(100, 'Launch discount must be 0 to 100'),
    maxFileSize: z.coerce.number().int().positive('Max file size must be more than 0').max(10_000),
  })
  .transform((s): PricingSettings => ({ basePriceCents: Math.round(s.basePrice * 100), launchDiscountPercent: s.launchDiscount, maxFileSizeMb: s.maxFileSize }));
export type PricingSettingsBody = z.input<typeof PricingSettingsBody>;

// Server-stored settings (issue: settings drive the storefront). The Settings screen saves General and
// Pricing to the server; the spec's browser-only AdminSettings above stays the shape of what is not
// stored yet.

const OptionalEmail = z.union([z.literal(''), z.email('Please enter a valid email address')]);

/** The General section: the site's name and contacts, and the maintenance and analytics switches. */
export const GeneralSettings = z.object({
  siteName: z.string().trim().min(1, 'Site name is required').max(100),
  siteDescription: z.string().trim().max(500),
  contactEmail: OptionalEmail,
  supportEmail: OptionalEmail,
  maintenanceMode: z.boolean(),
  enableAnalytics: z.boolean(),
});
export type GeneralSettings = z.infer<typeof GeneralSettings>;

/** What a new order is told while maintenance mode is on (503). */
export const MAINTENANCE_NOTICE = 'We are doing some maintenance and cannot take new orders right now. Please try again a little later.';

/** The General section of a site that never saved one. */
export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = Object.freeze({
  siteName: 'Mastering Studio',
  siteDescription: 'Professional audio mastering by human engineers',
  contactEmail: '',
  supportEmail: '',
  maintenanceMode: false,
  enableAnalytics: true,
});

/** The Pricing section as the screen shows it: rand, percent and MB. */
export const PricingFields = z.object({ basePrice: z.number(), launchDiscount: z.number(), maxFileSize: z.number() });
export type PricingFields = z.infer<typeof PricingFields>;

/** PUT /api/admin/settings (admin): every stored section, checked before anything is saved. */
export const SaveSettingsBody = z.object({ general: GeneralSettings, pricing: PricingSettingsBody });
export type SaveSettingsBody = z.input<typeof SaveSettingsBody>;

/** GET/PUT /api/admin/settings answer: the stored sections and who saved them last, and when. */
export const StoredSettings = z.object({
  general: GeneralSettings,
  pricing: PricingFields,
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type StoredSettings = z.infer<typeof StoredSettings>;

/** The screen's pricing fields (rand) for stored PricingSettings (cents). */
export const pricingFieldsOf = (p: PricingSettings): PricingFields => ({ basePrice: p.basePriceCents / 100, launchDiscount: p.launchDiscountPercent, maxFileSize: p.maxFileSizeMb });
