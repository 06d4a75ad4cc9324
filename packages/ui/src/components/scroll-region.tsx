import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/**
 * A region that scrolls sideways when its content is wider than the screen (a table on a phone): named,
 * and focusable so a keyboard can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, className, ...rest }: { label: string } & ComponentProps<'section'>) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className={cn(
        'overflow-x-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
      {...rest}
    />
  );
}
