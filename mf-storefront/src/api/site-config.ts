import type { SiteConfig } from '@mastering/contracts';
import { useQuery } from '@tanstack/react-query';

export const siteConfigKeys = { config: () => ['/api/config'] as const };

/** The price per track and launch discount in force (computed by the server from its settings). */
export function useSiteConfig() {
  return useQuery<SiteConfig>({ queryKey: siteConfigKeys.config() });
}

/** The home page's price line, e.g. "R499 per track, 35% off". */
export function priceLine(config: Pick<SiteConfig, 'basePrice' | 'launchDiscountPercent'>): string {
  const price = Number.isInteger(config.basePrice) ? String(config.basePrice) : config.basePrice.toFixed(2);
  return `R${price} per track, ${config.launchDiscountPercent}% off`;
}
