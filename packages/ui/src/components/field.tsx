import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Label } from './input';

/**
 * A label, its control and the control's validation message under it (`<id>-error`, announced as an
 * alert); `hint` says what to type while there is no error.
 */
export function Field({
  id,
  label,
  error,
  hint,
  children,
  className,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p
          id={`${id}-error`}
          role="alert"
          className="text-sm font-medium text-red-700 dark:text-red-400"
          data-testid={`${id}-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria attributes of a control whose field shows `error` (linked to the message by its id). */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
