// The one test kit for React: Testing Library's render inside the providers every page has (a router,
// a fresh react-query client, the theme), plus the browser APIs jsdom lacks. Use it from a test file
// that starts with `// @vitest-environment jsdom`.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
// The pages' own router package: under Node the two package names can load two router copies (two contexts).
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from './api/query-client';
import { ThemeProvider } from './theme/theme-provider';
import type { Theme } from '@mastering/contracts';
import { saveThemePreference } from './theme/theme-preference';

export * from '@testing-library/react';

// Every render is unmounted after its test by vitest.setup.ts (per file, which a hook registered here on
// import would not be once workers keep modules between files).

/** jsdom lacks matchMedia (the theme reads it) and ResizeObserver (headlessui measures with it). */
function fillBrowserGaps() {
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
}

export type RenderOptions = {
  /** The address the router starts at; default `/`. */
  route?: string;
  /** Answers already in the query cache, by query key (e.g. `[['/api/config'], siteConfig]`). */
  queryData?: [readonly unknown[], unknown][];
  /** The theme preference stored before the first render; default: whatever is stored (system). */
  theme?: Theme;
  /** The query client to use; default a fresh one with the app's defaults. */
  client?: QueryClient;
};

/**
 * Renders `ui` as a page would be: inside a router at `route`, a fresh react-query client (with
 * `queryData` in its cache) and the theme. Answers Testing Library's queries and the client.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryData = [], theme, client = createQueryClient() }: RenderOptions = {},
): RenderResult & { client: QueryClient } {
  fillBrowserGaps();
  if (theme) saveThemePreference(window.localStorage, theme);
  for (const [key, data] of queryData) client.setQueryData(key, data);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>
      <QueryClientProvider client={client}>
        <ThemeProvider>{children}</ThemeProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
  return Object.assign(render(ui, { wrapper }), { client });
}
