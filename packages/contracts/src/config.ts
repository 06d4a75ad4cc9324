import { z } from 'zod';

/** GET /api/config: public pricing and limits, computed from settings (whole rand unless named cents). */
export const SiteConfig = z.object({
  currency: z.literal('ZAR'),
  basePrice: z.number(),
  basePriceCents: z.number().int(),
  launchDiscountPercent: z.number(),
  discountedPricePerTrack: z.number(),
  maxFileSizeMb: z.number().int(),
  deliveryHours: z.number().int(),
});
export type SiteConfig = z.infer<typeof SiteConfig>;
