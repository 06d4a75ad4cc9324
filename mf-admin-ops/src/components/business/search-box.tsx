import { Input } from '@mastering/ui';
import { Search } from 'lucide-react';

/** A list's search box with its magnifier icon. */
export function SearchBox({ value, onChange, placeholder, label, testId }: { value: string; onChange: (value: string) => void; placeholder: string; label: string; testId: string }) {
  return (
    <div className="relative flex-1">
      <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input className="pl-9" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} aria-label={label} data-testid={testId} />
    </div>
  );
}

/** The date ranges of the payments and analytics screens (days as text, for the select). */
export const DATE_RANGE_OPTIONS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last year' },
] as const;
export type DateRangeValue = (typeof DATE_RANGE_OPTIONS)[number]['value'];
