import { Switch as HeadlessSwitch } from '@headlessui/react';
import { cn } from '../lib/cn';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
  name?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** An on/off toggle (headlessui Switch). */
export function Switch({ className, ...props }: SwitchProps) {
  return (
    <HeadlessSwitch
      {...props}
      className={cn(
        'group inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors outline-none',
        'data-checked:bg-primary data-focus:ring-2 data-focus:ring-ring data-focus:ring-offset-2 data-focus:ring-offset-background data-disabled:cursor-not-allowed data-disabled:opacity-50',
        className,
      )}
    >
      <span className="pointer-events-none block size-5 translate-x-0 rounded-full bg-background shadow-lg transition-transform group-data-checked:translate-x-5" />
    </HeadlessSwitch>
  );
}
