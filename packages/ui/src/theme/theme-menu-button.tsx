import { Moon, Sun } from 'lucide-react';
import { cn } from '../lib/cn';

/** Classes of the theme menu's button: one definition for the menu and its stand-in (ThemeMenuOnDemand). */
export function themeMenuButtonClass(className?: string): string {
  return cn(
    'inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-foreground transition-colors outline-none hover:bg-accent data-focus:ring-2 data-focus:ring-ring',
    className,
  );
}

/** What the theme menu's button shows: the theme in use, named for screen readers. */
export function ThemeMenuButtonFace({ resolvedTheme }: { resolvedTheme: 'light' | 'dark' }) {
  const Current = resolvedTheme === 'dark' ? Moon : Sun;
  return (
    <>
      <Current className="size-5" aria-hidden />
      <span className="sr-only">Toggle theme</span>
    </>
  );
}
