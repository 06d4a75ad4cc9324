import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { APP_ENTRY_ATTRIBUTE, appStartScript, PAINT_WAIT_LIMIT_MS } from '../build/app-start';

type Page = {
  prerendered?: boolean;
  hidden?: boolean;
  /** The entry types the browser's PerformanceObserver supports; none: it has no PerformanceObserver. */
  entryTypes?: string[] | null;
};

/**
 * Runs the start script on a page that preloads two entry scripts, in a stand-in of the browser's globals.
 * Returns the scripts it ran so far and the two ways the page can go on: a paint reported, the wait over.
 */
function load({ prerendered = false, hidden = false, entryTypes = ['paint', 'largest-contentful-paint'] }: Page) {
  const ran: { src: string; async: boolean }[] = [];
  const observers: { callback: (list: { getEntriesByName(name: string): unknown[] }) => void; options: unknown }[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  class PerformanceObserver {
    static supportedEntryTypes = entryTypes;
    constructor(private callback: (typeof observers)[number]['callback']) {}
    observe(options: unknown) {
      observers.push({ callback: this.callback, options });
    }
  }
  const document = {
    visibilityState: hidden ? 'hidden' : 'visible',
    head: { appendChild: (script: { src: string; async: boolean }) => ran.push({ ...script }) },
    createElement: (tag: string) => {
      expect(tag).toBe('script');
      return { src: '', async: true };
    },
    getElementById: (id: string) => (id === 'root' ? { firstElementChild: prerendered ? {} : null } : null),
    querySelectorAll: (selector: string) =>
      selector === `link[${APP_ENTRY_ATTRIBUTE}]`
        ? [{ href: 'https://site.test/main.js' }, { href: 'https://site.test/second.js' }]
        : [],
  };
  runInNewContext(appStartScript(), {
    document,
    window: entryTypes ? { PerformanceObserver } : {},
    setTimeout: (callback: () => void, ms: number) => timers.push({ callback, ms }),
  });
  return {
    ran: () => ran.map((script) => script.src),
    inOrder: () => ran.every((script) => script.async === false),
    observers,
    paint: (name: string) => {
      for (const { callback } of observers)
        callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
    },
    waitOver: () => {
      for (const { callback } of timers) callback();
    },
    timers,
  };
}

const ENTRIES = ['https://site.test/main.js', 'https://site.test/second.js'];

describe('appStartScript', () => {
  it('runs the preloaded entry scripts at once, in order, on a page the app draws itself', () => {
    const page = load({ prerendered: false });
    expect(page.ran()).toEqual(ENTRIES);
    expect(page.inOrder()).toBe(true);
    expect(page.observers).toHaveLength(0);
  });

  it('runs a prerendered page’s scripts once its first contentful paint is reported, and only once', () => {
    const page = load({ prerendered: true });
    expect(page.ran()).toEqual([]);
    expect(page.observers[0]!.options).toEqual({ type: 'paint', buffered: true });
    page.paint('first-paint');
    expect(page.ran()).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.ran()).toEqual(ENTRIES);
    page.waitOver();
    page.paint('first-contentful-paint');
    expect(page.ran()).toEqual(ENTRIES);
  });

  it('starts a prerendered page whose paint is never reported when the wait is over', () => {
    const page = load({ prerendered: true });
    expect(page.timers.map((timer) => timer.ms)).toEqual([PAINT_WAIT_LIMIT_MS]);
    page.waitOver();
    expect(page.ran()).toEqual(ENTRIES);
  });

  it('does not wait for a paint a hidden tab or an older browser never reports', () => {
    expect(load({ prerendered: true, hidden: true }).ran()).toEqual(ENTRIES);
    expect(load({ prerendered: true, entryTypes: ['mark', 'measure'] }).ran()).toEqual(ENTRIES);
    expect(load({ prerendered: true, entryTypes: null }).ran()).toEqual(ENTRIES);
  });
});
