import { cn, Label } from '@mastering/ui';
import type { ReactNode } from 'react';

/** A label, its control and the control's validation message (linked by id for screen readers). */
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
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria attributes of a control whose field shows `error`. */
export const invalidProps = (id: string, error: string | undefined) =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

/** A rendered mail in a frame that runs nothing (sandbox="") and reaches nothing beyond its own HTML. */
export function MailFrame({ html, title, className }: { html: string; title: string; className?: string }) {
  return (
    <iframe
      sandbox=""
      srcDoc={html}
      title={title}
      className={cn('h-[28rem] w-full rounded-md border border-border bg-white', className)}
      data-testid="mail-preview"
    />
  );
}
