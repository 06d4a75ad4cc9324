import { z } from 'zod';

// Money: the database keeps integer cents (ZAR). The storefront's `pricing` object and order totals
// are whole rand, as the spec's client shows them; payment amounts are cents (back-office spec).

/** Pricing settings kept server-side (settings row `pricing`). */
export const PricingSettings = z.object({
  basePriceCents: z.number().int().positive(),
  launchDiscountPercent: z.number().min(0).max(100),
  maxFileSizeMb: z.number().int().positive(),
});
export type PricingSettings = z.infer<typeof PricingSettings>;

/** R499 per track, 35% launch discount, 500 MB per file (storefront spec §9). */
export const DEFAULT_PRICING: PricingSettings = Object.freeze({ basePriceCents: 49900, launchDiscountPercent: 35, maxFileSizeMb: 500 });

/** The order summary the browser shows and sends (whole rand). */
export const Pricing = z.object({
  subtotal: z.number().nonnegative(),
  discount: z.number().nonnegative(),
  total: z.number().nonnegative(),
  trackCount: z.number().int().positive(),
  discountPercent: z.number().min(0).max(100),
});
export type Pricing = z.infer<typeof Pricing>;

export type ComputedPricing = Pricing & {
  perTrackSaving: number;
  unitPriceCents: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
};

/**
 * Prices an order of `trackCount` tracks: subtotal = price x tracks; discount =
 * round(price x tracks x percent / 100) to a whole rand; total = subtotal - discount;
 * per-track saving = discount / tracks. The server's figure is the only one charged.
 */
export function computePricing(trackCount: number, settings: Pick<PricingSettings, 'basePriceCents' | 'launchDiscountPercent'> = DEFAULT_PRICING): ComputedPricing {
  if (!Number.isInteger(trackCount) || trackCount < 1) throw new RangeError('trackCount must be a positive integer');
  const price = settings.basePriceCents / 100;
  const subtotal = Math.round(price * trackCount * 100) / 100;
  const discount = Math.round((price * trackCount * settings.launchDiscountPercent) / 100);
  const total = Math.round((subtotal - discount) * 100) / 100;
  return {
    subtotal,
    discount,
    total,
    trackCount,
    discountPercent: settings.launchDiscountPercent,
    perTrackSaving: discount / trackCount,
    unitPriceCents: settings.basePriceCents,
    subtotalCents: Math.round(subtotal * 100),
    discountCents: discount * 100,
    totalCents: Math.round(total * 100),
  };
}

/** True when a browser's pricing equals the server's to the cent (else the order is refused). */
export function pricingMatches(client: Pricing, server: Pricing): boolean {
  const cents = (n: number) => Math.round(n * 100);
  return (
    client.trackCount === server.trackCount &&
    client.discountPercent === server.discountPercent &&
    cents(client.subtotal) === cents(server.subtotal) &&
    cents(client.discount) === cents(server.discount) &&
    cents(client.total) === cents(server.total)
  );
}
