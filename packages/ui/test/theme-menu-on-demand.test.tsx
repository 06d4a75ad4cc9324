// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemeMenuOnDemand, ThemeProvider } from '../src/core';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const button = () => host.querySelector<HTMLButtonElement>('[data-testid="theme-menu"]')!;
const option = (value: string) => document.querySelector<HTMLButtonElement>(`[data-testid="theme-option-${value}"]`);

/** Waits until `check` passes, letting the dynamic import and React's updates run in between. */
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(check()).toBe(true);
}

describe('ThemeMenuOnDemand', () => {
  it('draws the same button without the menu, and a click opens the real menu once it has loaded', async () => {
    act(() =>
      root.render(
        <ThemeProvider>
          <ThemeMenuOnDemand className="ml-2" />
        </ThemeProvider>,
      ),
    );
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().className).toContain('ml-2');
    expect(button().textContent).toBe('Toggle theme');
    expect(button().hasAttribute('data-headlessui-state')).toBe(false);
    expect(option('light')).toBeNull();

    act(() => button().click());
    await until(() => option('light') !== null);
    expect(button().hasAttribute('data-headlessui-state')).toBe(true);
    expect(button().getAttribute('aria-expanded')).toBe('true');

    expect(document.documentElement.classList.contains('dark')).toBe(true);
    act(() => option('light')!.click());
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  // Runs after the test above, which loaded the menu.
  it('renders the real menu at once when it is already loaded', () => {
    act(() =>
      root.render(
        <ThemeProvider>
          <ThemeMenuOnDemand />
        </ThemeProvider>,
      ),
    );
    expect(button().hasAttribute('data-headlessui-state')).toBe(true);
  });
});
