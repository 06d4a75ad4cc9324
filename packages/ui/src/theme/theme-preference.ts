import { DEFAULT_THEME, THEMES, type Theme } from '@mastering/contracts';

/** localStorage key of the visitor's theme preference. */
export const THEME_STORAGE_KEY = 'mastering-theme';
/** Media query that System follows. */
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

/** A stored value as a theme preference; anything unknown falls back to the default (dark). */
export function parseThemePreference(value: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : DEFAULT_THEME;
}

/** The preference kept in `storage` (localStorage); the default when storage is unavailable or refuses. */
export function readThemePreference(storage: Pick<Storage, 'getItem'> | undefined): Theme {
  try {
    return parseThemePreference(storage?.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

/** Remembers the preference in `storage`; false when the browser refuses (private mode), the choice then lasts the visit. */
export function saveThemePreference(storage: Pick<Storage, 'setItem'> | undefined, theme: Theme): boolean {
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
    return storage !== undefined;
  } catch {
    return false;
  }
}

/** The theme actually shown for a preference: System follows the operating system. */
export function resolveTheme(preference: Theme, systemPrefersDark: boolean): 'light' | 'dark' {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/**
 * Inline script for index.html that applies the stored theme before React renders, so a light
 * preference never flashes dark (and vice versa). Mirrors parseThemePreference + resolveTheme.
 */
export function themeBootScript(): string {
  const key = JSON.stringify(THEME_STORAGE_KEY);
  const fallback = JSON.stringify(DEFAULT_THEME);
  const valid = JSON.stringify(THEMES);
  const query = JSON.stringify(DARK_SCHEME_QUERY);
  return (
    `(function(){var p=${fallback};try{var s=localStorage.getItem(${key});if(${valid}.indexOf(s)>=0)p=s}catch(e){}` +
    `var d=p==='dark'||(p==='system'&&window.matchMedia(${query}).matches);` +
    `var r=document.documentElement;r.classList.toggle('dark',d);r.style.colorScheme=d?'dark':'light'})()`
  );
}
