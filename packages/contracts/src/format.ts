// Formatting shared by the browser and the services, in South African conventions (en-ZA).

import { VIP_THRESHOLD_RAND } from './constants';

/**
 * A whole number, at least 0, with en-ZA's thousands separator (a no-break space): 1234567 -> "1 234 567".
 * Written out, not made with Intl.NumberFormat: the first en-ZA formatter a page makes loads the locale's
 * data, about 14 ms of Chromium's main thread (55 ms at Lighthouse's 4x slowdown) in the middle of the
 * home page's first render; and the browser and the services then agree whatever ICU each has.
 */
export function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, '\u00a0');
}

/**
 * Rand in en-ZA style, the ONE money format on every screen and in every mail: whole rand without
 * cents (`formatRand(1234)` -> "R1 234"), otherwise two decimals (`formatRand(324.5)` -> "R324,50").
 */
export function formatRand(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const cents = Math.round(Math.abs(amount) * 100);
  const rand = groupThousands(Math.floor(cents / 100));
  const fraction = cents % 100;
  return `${sign}R${fraction === 0 ? rand : `${rand},${String(fraction).padStart(2, '0')}`}`;
}

/** Cents (payment amounts, database money) as rand, in the one money format: `formatCents(32400)` -> "R324". */
export function formatCents(cents: number): string {
  return formatRand(cents / 100);
}

/** Bytes as Bytes/KB/MB/GB with 2 decimals: `formatBytes(1536)` -> "1.5 KB", 0 -> "0 Bytes". */
export function formatBytes(bytes: number): string {
  if (!bytes || bytes < 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const i = Math.max(0, Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1));
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

/** Bytes as megabytes with 1 decimal (order dialog, customer profile): "12.3 MB". */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** "MMM dd, yyyy at HH:mm" in the viewer's time zone: "Nov 22, 2026 at 14:05". */
export function formatOrderDate(value: string | Date): string {
  const d = new Date(value);
  return `${MONTHS[d.getMonth()]} ${pad(d.getDate())}, ${d.getFullYear()} at ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The first 8 characters of an id, as lists show it. */
export const shortId = (id: string) => id.slice(0, 8);

/** The last 8 characters of an id, as the customer profile shows it. */
export const shortIdTail = (id: string) => id.slice(-8);

/** Display name of a user: first and last name, else first name, else the email's local part, else "User". */
export function displayName(user: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first && last) return `${first} ${last}`;
  if (first) return first;
  const local = user.email?.split('@')[0];
  return local || 'User';
}

/** Initials for an avatar: "Thandi Nkosi" -> "TN". */
export function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || 'U'
  );
}

/** A status with underscores shown as spaces: "in_progress" -> "in progress". */
export const humanizeStatus = (status: string) => status.replace(/_/g, ' ');

/** The spec's stored file name: every character other than letters, digits, dot and hyphen becomes "_". */
export const sanitizeFileName = (name: string) => name.replace(/[^a-zA-Z0-9.-]/g, '_');

/** Customer status derived from a summary (money in rand): vip above R2000 spent, active with any order, else inactive. */
export function customerStatus(summary: { totalOrders: number; totalSpent: number }): 'vip' | 'active' | 'inactive' {
  if (summary.totalSpent > VIP_THRESHOLD_RAND) return 'vip';
  return summary.totalOrders > 0 ? 'active' : 'inactive';
}
