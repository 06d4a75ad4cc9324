const wholeRand = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 0 });
const centsRand = new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const shortDate = new Intl.DateTimeFormat('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' });

/** Rand with the R prefix in South African formatting; `decimals` 0 for revenue figures. */
export function formatRandAmount(amount: number | string, decimals: 0 | 2 = 2): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) return String(amount);
  return `R${(decimals === 0 ? wholeRand : centsRand).format(value)}`;
}

/** A date like "20 Nov 2025". */
export function formatShortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : shortDate.format(date);
}

/** The spec's short order id: the first 8 characters. */
export function shortOrderId(id: string): string {
  return id.slice(0, 8);
}

/** A status as words: underscores shown as spaces. */
export function statusLabel(status: string): string {
  return status.replaceAll('_', ' ');
}
