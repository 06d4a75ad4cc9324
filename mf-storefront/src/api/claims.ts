// Types only (no schemas), so the home page's bundle takes no zod for them.
import type { PublicClaims } from '@mastering/contracts';
import { useAsPrerendered } from '@mastering/ui/core';
import { useQuery } from '@tanstack/react-query';

/** Query keys of the marketing claims; each key is also its URL. */
export const claimKeys = { claims: () => ['/api/config/claims'] as const };

/** The claims the studio's data backs now, computed by the server (none below the thresholds in Settings); loading while hydrating. */
export function useClaims() {
  return useAsPrerendered(useQuery<PublicClaims>({ queryKey: claimKeys.claims() }));
}
