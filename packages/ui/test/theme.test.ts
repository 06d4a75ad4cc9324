import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseThemePreference, resolveTheme, THEME_STORAGE_KEY, themeBootScript } from '../src/theme/theme-preference';

describe('theme preference', () => {
  it('defaults to dark and ignores unknown values', () => {
    expect(parseThemePreference(null)).toBe('dark');
    expect(parseThemePreference('sepia')).toBe('dark');
    expect(parseThemePreference('light')).toBe('light');
    expect(parseThemePreference('system')).toBe('system');
  });

  it('resolves System from the operating system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('uses the product key', () => {
    expect(THEME_STORAGE_KEY).toBe('mastering-theme');
  });
});

describe('themeBootScript', () => {
  function run(stored: string | null, prefersDark: boolean) {
    const classes = new Set<string>();
    const root = {
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
      style: { colorScheme: '' },
    };
    runInNewContext(themeBootScript(), {
      localStorage: { getItem: (key: string) => (key === THEME_STORAGE_KEY ? stored : null) },
      window: { matchMedia: () => ({ matches: prefersDark }) },
      document: { documentElement: root },
    });
    return { dark: classes.has('dark'), scheme: root.style.colorScheme };
  }

  it('applies the same decision as resolveTheme before React loads', () => {
    expect(run(null, false)).toEqual({ dark: true, scheme: 'dark' });
    expect(run('light', true)).toEqual({ dark: false, scheme: 'light' });
    expect(run('system', true)).toEqual({ dark: true, scheme: 'dark' });
    expect(run('system', false)).toEqual({ dark: false, scheme: 'light' });
    expect(run('bogus', false)).toEqual({ dark: true, scheme: 'dark' });
  });
});
