import { z } from 'zod';
import { DELIVERY_HOURS, supportAddressOf } from './constants';
import { computePricing, type PricingSettings } from './pricing';
import { DEFAULT_GENERAL_SETTINGS, type GeneralSettings } from './settings';
import { PackOfferView } from './release-pack';

// Money here is whole rand, except the fields named ...Cents (the server's settings are cents).

/** GET /api/config: the pricing and limits in force, computed by the server from its settings. */
export const SiteConfig = z.object({
  currency: z.literal('ZAR'),
  basePrice: z.number(),
  basePriceCents: z.number().int(),
  launchDiscountPercent: z.number(),
  /** True while a launch discount is on (the header, hero, banners and summaries promote it). */
  launchSpecial: z.boolean(),
  /** When the launch special ends (ISO instant; the countdown counts to it), or null without an end date. */
  launchEndsAt: z.string().nullable(),
  discountedPricePerTrack: z.number(),
  discountedPricePerTrackCents: z.number().int(),
  maxFileSizeMb: z.number().int(),
  deliveryHours: z.number().int(),
  /** The studio's name and one-line description (Settings → General). */
  siteName: z.string(),
  siteDescription: z.string(),
  /** Where customers write for help: the support address, else the contact address (Settings → General). */
  supportEmail: z.string(),
  /** Who the studio is (Settings → General): shown in the footer and at checkout. */
  studio: z.object({
    legalName: z.string(),
    registrationNumber: z.string(),
    vatNumber: z.string(),
    vatVendor: z.boolean(),
    physicalAddress: z.string(),
    phone: z.string(),
  }),
  /**
   * Hosted checkout prefixes the browser may follow besides Yoco's own (YOCO_REDIRECT_PREFIXES):
   * the local Yoco sandbox's, sent only while the server runs in sandbox mode.
   */
  checkoutRedirectPrefixes: z.array(z.string()).optional(),
  /** The release pack's formats offered now, with their prices per track (Settings → Release pack). */
  releasePackOffers: z.array(PackOfferView).optional(),
  /** The price of one track of an EP or album in cents (Settings → Releases), when it differs from a single's. */
  releaseTrackPriceCents: z.number().int().nullable().optional(),
});
export type SiteConfig = z.infer<typeof SiteConfig>;

/** The public site configuration for the given settings (one track priced by computePricing). */
export function siteConfigFor(
  pricing: PricingSettings,
  general: GeneralSettings = DEFAULT_GENERAL_SETTINGS,
): SiteConfig {
  const oneTrack = computePricing(1, pricing);
  return {
    currency: 'ZAR',
    basePrice: pricing.basePriceCents / 100,
    basePriceCents: pricing.basePriceCents,
    launchDiscountPercent: pricing.launchDiscountPercent,
    launchSpecial: pricing.launchDiscountPercent > 0,
    launchEndsAt: pricing.launchDiscountPercent > 0 ? (pricing.launchEndsAt ?? null) : null,
    discountedPricePerTrack: oneTrack.total,
    discountedPricePerTrackCents: oneTrack.totalCents,
    maxFileSizeMb: pricing.maxFileSizeMb,
    deliveryHours: DELIVERY_HOURS,
    siteName: general.siteName,
    siteDescription: general.siteDescription,
    supportEmail: supportAddressOf(general),
    studio: {
      legalName: general.legalName,
      registrationNumber: general.registrationNumber,
      vatNumber: general.vatNumber,
      vatVendor: general.vatVendor,
      physicalAddress: general.physicalAddress,
      phone: general.phone,
    },
  };
}
