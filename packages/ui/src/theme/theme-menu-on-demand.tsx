import { useLayoutEffect, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import { cn } from '../lib/cn';
import { ThemeMenuButtonFace, themeMenuButtonClass } from './theme-menu-button';

type ThemeMenuComponent = ComponentType<{ className?: string }>;

let themeMenu: Promise<ThemeMenuComponent> | null = null;
let loadedThemeMenu: ThemeMenuComponent | null = null;

/** The real menu (`@mastering/ui/theme-menu`, a federation singleton: one copy for every app), fetched once. */
export function loadThemeMenu(): Promise<ThemeMenuComponent> {
  if (!themeMenu) {
    // biome-ignore lint/suspicious/noImportCycles: the theme menu is a federation entry of its own, loaded by a dynamic import on intent, and reads the shared theme context by package name
    themeMenu = import('@mastering/ui/theme-menu').then((module) => (loadedThemeMenu = module.ThemeMenu));
    // A failed fetch is forgotten so that the next intent tries again.
    themeMenu.catch(() => (themeMenu = null));
  }
  return themeMenu;
}

/**
 * The theme menu for pages that must draw fast (the storefront): the same button, but the menu
 * itself (headless UI and its positioning, ~50 KB) is fetched only when the visitor shows intent:
 * pointer over the button or focus on it. A click (or Enter, Space, arrow keys) before it arrives
 * opens the menu as soon as it is there; from then on the real menu is on the page.
 */
export function ThemeMenuOnDemand({ className }: { className?: string }) {
  const [Menu, setMenu] = useState<ThemeMenuComponent | null>(() => loadedThemeMenu);
  const wrapper = useRef<HTMLSpanElement>(null);
  // What the stand-in had when it was swapped out: the real button takes over its focus and the pending open.
  const handOver = useRef({ focus: false, open: false });

  useLayoutEffect(() => {
    if (!Menu) return;
    const button = wrapper.current?.querySelector<HTMLButtonElement>('[data-testid="theme-menu"]');
    if (handOver.current.focus || handOver.current.open) button?.focus();
    // A click that is not a mouse press toggles headless UI's menu, the way Enter and Space do.
    if (handOver.current.open) button?.click();
    handOver.current = { focus: false, open: false };
  }, [Menu]);

  const prefetch = () => void loadThemeMenu().catch(() => undefined);
  const open = () => {
    handOver.current = { focus: document.activeElement === wrapper.current?.firstElementChild, open: true };
    loadThemeMenu().then(
      (loaded) => setMenu(() => loaded),
      (error) => console.warn('[ui] the theme menu could not be loaded', error),
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    open();
  };

  return (
    // `contents`: the wrapper takes no part in the layout; it only finds the real button after the swap.
    <span ref={wrapper} className="contents">
      {Menu ? (
        <Menu className={className} />
      ) : (
        <button
          type="button"
          data-testid="theme-menu"
          aria-haspopup="menu"
          aria-expanded={false}
          // The real button rings on keyboard focus through headless UI's data-focus; this one through :focus-visible.
          className={themeMenuButtonClass(cn('focus-visible:ring-2 focus-visible:ring-ring', className))}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={open}
          onKeyDown={onKeyDown}
        >
          <ThemeMenuButtonFace />
        </button>
      )}
    </span>
  );
}
