// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ThemeMenuOnDemand } from '../src/core';
import { renderWithProviders, screen } from '../src/testing';

const button = () => screen.getByTestId<HTMLButtonElement>('theme-menu');
const option = (value: string) => screen.queryByTestId<HTMLButtonElement>(`theme-option-${value}`);

describe('ThemeMenuOnDemand', () => {
  it('draws the same button without the menu, and a click opens the real menu once it has loaded', async () => {
    renderWithProviders(<ThemeMenuOnDemand className="ml-2" />);
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().className).toContain('ml-2');
    expect(button().textContent).toBe('Toggle theme');
    expect(button().hasAttribute('data-headlessui-state')).toBe(false);
    expect(option('light')).toBeNull();

    act(() => button().click());
    // The menu's module loads on demand; the option appears once it has.
    await screen.findByTestId('theme-option-light');
    expect(button().hasAttribute('data-headlessui-state')).toBe(true);
    expect(button().getAttribute('aria-expanded')).toBe('true');

    expect(document.documentElement.classList.contains('dark')).toBe(true);
    act(() => option('light')!.click());
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  // Runs after the test above, which loaded the menu.
  it('renders the real menu at once when it is already loaded', () => {
    renderWithProviders(<ThemeMenuOnDemand />);
    expect(button().hasAttribute('data-headlessui-state')).toBe(true);
  });
});
