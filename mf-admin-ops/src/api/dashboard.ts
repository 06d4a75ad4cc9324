import type { DashboardStats } from '@mastering/contracts';
import { useQuery } from '@tanstack/react-query';

/** Query keys of the dashboard; each key is also its URL. */
export const dashboardKeys = {
  stats: () => ['/api/admin/dashboard-stats'] as const,
};

/** The dashboard's figures and recent orders (staff only; revenue and totals in rand). */
export function useDashboardStats() {
  return useQuery<DashboardStats>({ queryKey: dashboardKeys.stats() });
}
