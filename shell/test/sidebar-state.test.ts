import { describe, expect, it } from 'vitest';
import { isSidebarShortcut, readSidebarExpanded, SIDEBAR_COOKIE_MAX_AGE, sidebarCookie } from '../src/admin/sidebar-state';

const key = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('sidebar cookie', () => {
  it('starts expanded without a cookie', () => {
    expect(readSidebarExpanded('')).toBe(true);
    expect(readSidebarExpanded('theme=dark; other=1')).toBe(true);
  });

  it('reads the remembered state among other cookies', () => {
    expect(readSidebarExpanded('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarExpanded('sidebar_state=true')).toBe(true);
    expect(readSidebarExpanded('my_sidebar_state=false')).toBe(true);
  });

  it('remembers the state for 7 days on the whole site', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; samesite=lax');
    expect(readSidebarExpanded(sidebarCookie(false).split(';')[0]!)).toBe(false);
  });
});

describe('sidebar shortcut', () => {
  it('is Ctrl+B or Cmd+B', () => {
    expect(isSidebarShortcut(key('b', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('b', { metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('B', { ctrlKey: true }))).toBe(true);
  });

  it('ignores plain B and other combinations', () => {
    expect(isSidebarShortcut(key('b'))).toBe(false);
    expect(isSidebarShortcut(key('b', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('b', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('n', { ctrlKey: true }))).toBe(false);
  });
});
