import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '../lib/cn';

/** One choice of a Select. */
export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectProps<T extends string> {
  value: T;
  onChange: (value: T) => void;
  options: readonly SelectOption<T>[];
  placeholder?: string;
  className?: string;
  disabled?: boolean;
  name?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** A single-choice dropdown (headlessui Listbox) with keyboard support. */
export function Select<T extends string>({
  value,
  onChange,
  options,
  placeholder,
  className,
  disabled,
  name,
  ...rest
}: SelectProps<T>) {
  const selected = options.find((option) => option.value === value);
  return (
    <Listbox value={value} onChange={onChange} disabled={disabled} name={name}>
      <ListboxButton
        data-slot="select"
        aria-label={rest['aria-label']}
        data-testid={rest['data-testid']}
        className={cn(
          'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-left text-sm shadow-sm outline-none',
          'data-focus:border-ring data-focus:ring-2 data-focus:ring-ring/40 data-disabled:cursor-not-allowed data-disabled:opacity-50',
          className,
        )}
      >
        <span className={cn('truncate', !selected && 'text-muted-foreground')}>{selected?.label ?? placeholder}</span>
        <ChevronDown className="size-4 opacity-60" aria-hidden />
      </ListboxButton>
      <ListboxOptions
        anchor="bottom start"
        transition
        className="z-50 w-(--button-width) min-w-40 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg outline-none [--anchor-gap:4px] transition duration-100 data-closed:opacity-0"
      >
        {options.map((option) => (
          <ListboxOption
            key={option.value}
            value={option.value}
            className="group flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm select-none data-focus:bg-accent data-focus:text-accent-foreground"
          >
            <Check className="size-4 invisible group-data-selected:visible" aria-hidden />
            {option.label}
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}
