import { CookieJar } from 'tough-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isSidebarShortcut, readSidebarExpanded, sidebarCookie } from '../src/admin/sidebar-state';

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
});

// A browser's cookie store (RFC 6265, as document.cookie behaves): what the frame writes on a
// toggle, what a later page load reads back.
describe('sidebar cookie in a browser', () => {
  const DAY = 24 * 60 * 60 * 1000;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  function browser() {
    const jar = new CookieJar();
    return {
      toggle: (expanded: boolean, page = 'http://localhost:8080/admin/orders') =>
        jar.setCookieSync(sidebarCookie(expanded), page),
      load: (page: string) => readSidebarExpanded(jar.getCookieStringSync(page)),
    };
  }

  it('a collapse on one admin page is remembered on every page of the site', () => {
    const site = browser();
    site.toggle(false);
    expect(site.load('http://localhost:8080/admin')).toBe(false);
    expect(site.load('http://localhost:8080/profile/42')).toBe(false);
    site.toggle(true);
    expect(site.load('http://localhost:8080/admin/settings')).toBe(true);
  });

  // Each case reads once only: tough-cookie, unlike browsers, restarts max-age on every read.
  it.each([
    ['a second short of 7 days', 7 * DAY - 1000, false],
    ['7 days and a second', 7 * DAY + 1000, true],
  ])('%s after a collapse, the sidebar starts expanded: %s', (_, later, expanded) => {
    const site = browser();
    site.toggle(false);
    vi.setSystemTime(Date.now() + later);
    expect(site.load('http://localhost:8080/admin')).toBe(expanded);
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
