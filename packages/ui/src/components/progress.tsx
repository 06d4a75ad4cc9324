import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export interface ProgressProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** How far along, 0 to 1. */
  value: number;
  /** What is progressing, for screen readers (e.g. "Uploading mix.wav"). */
  label: string;
  /** The bar's look: running, finished, or failed. */
  tone?: 'default' | 'success' | 'destructive';
}

/** A horizontal progress bar (role progressbar, 0-100) whose fill follows `value`. */
export function Progress({ value, label, tone = 'default', className, ...props }: ProgressProps) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-tone={tone}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-200',
          tone === 'success' ? 'bg-success' : tone === 'destructive' ? 'bg-destructive' : 'bg-primary',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
