import { useQuery } from '@tanstack/react-query';

/** `GET /api/config`: public pricing, computed by the server from its settings. */
export interface SiteConfig {
  currency: string;
  basePrice: number;
  launchDiscountPercent: number;
  discountedPricePerTrack?: number;
  maxFileSizeMb?: number;
  deliveryHours?: number;
}

export const siteConfigKeys = { config: () => ['/api/config'] as const };

/** The price per track and launch discount in force. */
export function useSiteConfig() {
  return useQuery<SiteConfig>({ queryKey: siteConfigKeys.config() });
}

/** The home page's price line, e.g. "R499 per track, 35% off". */
export function priceLine(config: Pick<SiteConfig, 'basePrice' | 'launchDiscountPercent'>): string {
  const price = Number.isInteger(config.basePrice) ? String(config.basePrice) : config.basePrice.toFixed(2);
  return `R${price} per track, ${config.launchDiscountPercent}% off`;
}
