/**
 * Which icon a sidebar link shows, by name: the icons themselves (admin-icons.ts) load with the console,
 * so the routing table, which every page loads, carries no admin icon.
 */
export type AdminIcon =
  | 'dashboard'
  | 'orders'
  | 'refund-requests'
  | 'customers'
  | 'users'
  | 'files'
  | 'payments'
  | 'analytics'
  | 'showcase'
  | 'testimonials'
  | 'email-testing'
  | 'email-templates'
  | 'emails'
  | 'settings'
  | 'engineer-dashboard'
  | 'back-to-site';

/** One link of the admin sidebar. */
export interface AdminNavItem {
  label: string;
  to: string;
  icon: AdminIcon;
  /** A read answering `{ open, overdue }` (RefundRequestCount): the link shows the open count, red when any is overdue. */
  countRead?: string;
}
