import { Moon, Sun } from 'lucide-react';
import { cn } from '../lib/cn';

/** Classes of the theme menu's button: one definition for the menu and its stand-in (ThemeMenuOnDemand). */
export function themeMenuButtonClass(className?: string): string {
  return cn(
    'inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-foreground transition-colors outline-none hover:bg-accent data-focus:ring-2 data-focus:ring-ring',
    className,
  );
}

/**
 * What the theme menu's button shows: the theme in use, named for screen readers. Both icons are in
 * the markup and the `dark` class on <html> (set before the first paint) shows one, so the button's
 * HTML is the same in either theme: a page prerendered at build time hydrates without a mismatch.
 */
export function ThemeMenuButtonFace() {
  return (
    <>
      <Sun className="size-5 dark:hidden" aria-hidden />
      <Moon className="hidden size-5 dark:block" aria-hidden />
      <span className="sr-only">Toggle theme</span>
    </>
  );
}
