import { z } from 'zod';
import { DEFAULT_PRICING } from './constants';

// Money: the database keeps integer cents (ZAR). The storefront's `pricing` object and order totals
// are whole rand, as the spec's client shows them; payment amounts are cents (back-office spec).

/** Pricing settings kept server-side (settings row `pricing`). */
export const PricingSettings = z.object({
  basePriceCents: z.number().int().positive(),
  launchDiscountPercent: z.number().min(0).max(100),
  maxFileSizeMb: z.number().int().positive(),
  /** When the launch special ends (ISO instant); null or absent: it runs until staff set the discount to 0. */
  launchEndsAt: z.string().nullable().optional(),
});
export type PricingSettings = z.infer<typeof PricingSettings>;

/**
 * The pricing in force at `now`: the stored settings, with the launch discount dropped once its end
 * date has passed. Every price (pages, mails, the order charged) is computed from this one answer.
 */
export function pricingInForce(settings: PricingSettings, now: Date = new Date()): PricingSettings {
  const ends = settings.launchEndsAt ? Date.parse(settings.launchEndsAt) : Number.NaN;
  return Number.isFinite(ends) && ends <= now.getTime() ? { ...settings, launchDiscountPercent: 0 } : settings;
}

/** The order summary the browser shows and sends (whole rand). */
export const Pricing = z.object({
  subtotal: z.number().nonnegative(),
  discount: z.number().nonnegative(),
  total: z.number().nonnegative(),
  trackCount: z.number().int().positive(),
  discountPercent: z.number().min(0).max(100),
  // Shown in the summary; derived, so the server ignores it when comparing.
  perTrackSaving: z.number().nonnegative().optional(),
});
export type Pricing = z.infer<typeof Pricing>;

/** A computed price: the API's figures in rand plus the cents the database keeps. */
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
export function computePricing(
  trackCount: number,
  settings: Pick<PricingSettings, 'basePriceCents' | 'launchDiscountPercent'> = DEFAULT_PRICING,
): ComputedPricing {
  if (!Number.isInteger(trackCount) || trackCount < 1) throw new RangeError('trackCount must be a positive integer');
  const percent = settings.launchDiscountPercent;
  // Integer cents until the one rounding the spec asks for, so a price like R499.50 cannot drift by a rand.
  const subtotalCents = settings.basePriceCents * trackCount;
  const discountCents = Math.round((subtotalCents * percent) / 10_000) * 100;
  const totalCents = subtotalCents - discountCents;
  const discount = discountCents / 100;
  return {
    subtotal: subtotalCents / 100,
    discount,
    total: totalCents / 100,
    trackCount,
    discountPercent: percent,
    perTrackSaving: discount / trackCount,
    unitPriceCents: settings.basePriceCents,
    subtotalCents,
    discountCents,
    totalCents,
  };
}

/** South African VAT, in percent. */
export const VAT_RATE_PERCENT = 15;

/** The VAT inside a VAT-inclusive amount, in whole cents: round(total x 15 / 115). */
export function vatIncludedCents(totalCents: number): number {
  return Math.round((totalCents * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}

/** The API's `pricing` object (whole rand) out of a computed price, without the cents. */
export function pricingForApi(p: ComputedPricing): Pricing & { perTrackSaving: number } {
  return {
    subtotal: p.subtotal,
    discount: p.discount,
    total: p.total,
    trackCount: p.trackCount,
    discountPercent: p.discountPercent,
    perTrackSaving: p.perTrackSaving,
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
