import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { Theme } from '@mastering/contracts';
import { Check, Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
// The theme's context by package name: this menu is a federation entry of its own (`@mastering/ui/theme-menu`).
// biome-ignore lint/suspicious/noImportCycles: the theme menu is a federation entry of its own, loaded by a dynamic import on intent, and reads the shared theme context by package name
import { useTheme } from '@mastering/ui/core';
import { ThemeMenuButtonFace, themeMenuButtonClass } from './theme-menu-button';

const OPTIONS: { value: Theme; label: string; icon: LucideIcon }[] = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** The Light / Dark / System menu (headlessui Menu); the change applies immediately and persists. */
export function ThemeMenu({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  return (
    <Menu>
      <MenuButton data-testid="theme-menu" className={themeMenuButtonClass(className)}>
        <ThemeMenuButtonFace />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        transition
        className="z-[60] min-w-36 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg outline-none [--anchor-gap:6px] transition duration-100 data-closed:scale-95 data-closed:opacity-0"
      >
        {OPTIONS.map(({ value, label, icon: Icon }) => (
          <MenuItem key={value}>
            <button
              type="button"
              data-testid={`theme-option-${value}`}
              onClick={() => setTheme(value)}
              className="flex w-full cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm data-focus:bg-accent data-focus:text-accent-foreground"
            >
              <Icon className="size-4" aria-hidden />
              <span className="flex-1 text-left">{label}</span>
              {theme === value && <Check className="size-4" aria-label="selected" />}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
