import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  parseThemePreference,
  readThemePreference,
  resolveTheme,
  saveThemePreference,
  themeBootScript,
} from '../src/theme/theme-preference';

/** An in-memory localStorage. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** A storage that refuses every call, as Safari's private mode and disabled storage do. */
const refusingStorage: Pick<Storage, 'getItem' | 'setItem'> = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('quota', 'QuotaExceededError');
  },
};

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
});

describe('theme persistence', () => {
  it('a saved choice is what the next visit reads', () => {
    const storage = memoryStorage();
    expect(readThemePreference(storage)).toBe('dark');
    expect(saveThemePreference(storage, 'light')).toBe(true);
    expect(readThemePreference(storage)).toBe('light');
    saveThemePreference(storage, 'system');
    expect(readThemePreference(storage)).toBe('system');
  });

  it('keeps one entry under a product-specific key, not a generic one', () => {
    const storage = memoryStorage();
    saveThemePreference(storage, 'light');
    expect([...storage.items.keys()]).toHaveLength(1);
    expect([...storage.items.keys()][0]).toMatch(/mastering/);
  });

  it('falls back to dark when storage is refused or absent, without throwing', () => {
    expect(readThemePreference(refusingStorage)).toBe('dark');
    expect(saveThemePreference(refusingStorage, 'light')).toBe(false);
    expect(readThemePreference(undefined)).toBe('dark');
    expect(saveThemePreference(undefined, 'light')).toBe(false);
  });

  it('ignores a stored value the product does not know', () => {
    const storage = memoryStorage();
    saveThemePreference(storage, 'light');
    storage.items.set([...storage.items.keys()][0]!, 'neon');
    expect(readThemePreference(storage)).toBe('dark');
  });
});

describe('themeBootScript', () => {
  function run(storage: Pick<Storage, 'getItem'>, prefersDark: boolean) {
    const classes = new Set<string>();
    const root = {
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
      style: { colorScheme: '' },
    };
    runInNewContext(themeBootScript(), {
      localStorage: storage,
      window: { matchMedia: () => ({ matches: prefersDark }) },
      document: { documentElement: root },
    });
    return { dark: classes.has('dark'), scheme: root.style.colorScheme };
  }

  const saved = (theme: 'light' | 'dark' | 'system' | null) => {
    const storage = memoryStorage();
    if (theme) saveThemePreference(storage, theme);
    return storage;
  };

  it('applies, before React loads, the preference the provider saved', () => {
    expect(run(saved(null), false)).toEqual({ dark: true, scheme: 'dark' });
    expect(run(saved('light'), true)).toEqual({ dark: false, scheme: 'light' });
    expect(run(saved('system'), true)).toEqual({ dark: true, scheme: 'dark' });
    expect(run(saved('system'), false)).toEqual({ dark: false, scheme: 'light' });
  });

  it('falls back to dark on an unknown value or refused storage', () => {
    const bogus = memoryStorage();
    saveThemePreference(bogus, 'light');
    bogus.items.set([...bogus.items.keys()][0]!, 'bogus');
    expect(run(bogus, false)).toEqual({ dark: true, scheme: 'dark' });
    expect(run(refusingStorage, false)).toEqual({ dark: true, scheme: 'dark' });
  });
});
