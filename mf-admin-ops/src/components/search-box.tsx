import { cn, Input } from '@mastering/ui';
import { Search } from 'lucide-react';

/** A list screen's search box: magnifier icon, the spec's placeholder, an accessible name. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  label,
  testId,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
  testId: string;
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className="pl-9"
        data-testid={testId}
      />
    </div>
  );
}
