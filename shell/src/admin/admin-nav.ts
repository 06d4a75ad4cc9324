import type { LucideIcon } from 'lucide-react';

/** One link of the admin sidebar. */
export interface AdminNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}
