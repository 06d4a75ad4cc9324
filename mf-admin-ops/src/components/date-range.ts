/** The date ranges of the payments and analytics screens (days as text, for the select). */
export const DATE_RANGE_OPTIONS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last year' },
] as const;
export type DateRangeValue = (typeof DATE_RANGE_OPTIONS)[number]['value'];
