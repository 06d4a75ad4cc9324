// Constants only (no schemas), so the home page's bundle takes no zod for them.
import { DEFAULT_SITE_NAME, SUPPORT_EMAIL, type SiteConfig } from '@mastering/contracts';
import { useAsPrerendered } from '@mastering/ui/core';
import { useQuery } from '@tanstack/react-query';

/** Query keys of the site configuration; each key is also its URL. */
export const siteConfigKeys = { config: () => ['/api/config'] as const };

/** The price per track and launch discount in force (computed by the server from its settings); loading while hydrating. */
export function useSiteConfig() {
  return useAsPrerendered(useQuery<SiteConfig>({ queryKey: siteConfigKeys.config() }));
}

/** The launch discount to promote: its percent while a launch special is on, else undefined (also while loading). */
export function launchDiscount(
  config: Pick<SiteConfig, 'launchSpecial' | 'launchDiscountPercent'> | undefined,
): number | undefined {
  return config?.launchSpecial ? config.launchDiscountPercent : undefined;
}

/** The launch discount in force, for the header, hero, footer and every start button. */
export function useLaunchDiscount(): number | undefined {
  return launchDiscount(useSiteConfig().data);
}

/** The studio's name and support address from Settings → General (the defaults while the config loads). */
export function useStudio(): { siteName: string; supportEmail: string } {
  const config = useSiteConfig().data;
  return { siteName: config?.siteName ?? DEFAULT_SITE_NAME, supportEmail: config?.supportEmail ?? SUPPORT_EMAIL };
}
