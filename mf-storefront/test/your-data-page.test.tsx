// @vitest-environment jsdom
// Issue 26 Deliver 5: the Your data page asks for an emailed code first (no account needed), then offers the
// download and deletion.
import { DELETION_REQUESTED } from '@mastering/contracts';
import { createQueryClient, ThemeProvider } from '@mastering/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import YourDataPage from '../src/pages/your-data/your-data';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let root: Root | null = null;
/** Renders the page with `proof` as the proven address and answers the deletion request; resolves once settled. */
async function render(proof: unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (String(url).endsWith('/api/your-data/proof')) return answer(200, proof);
      return answer(202, { message: DELETION_REQUESTED });
    }),
  );
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ThemeProvider>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <YourDataPage />
          </MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>,
    ),
  );
  return { host, calls };
}
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('Your data page', () => {
  it('asks a visitor with no proven address for their email first', async () => {
    const { host } = await render({ email: null, via: null });
    await vi.waitFor(() => expect(host.querySelector('[data-testid="your-data-email-form"]')).not.toBeNull());
    expect(host.querySelector('[data-testid="your-data-actions"]')).toBeNull();
  });

  it('offers the download and sends the deletion request of a proven address', async () => {
    const { host, calls } = await render({ email: 'ayanda@example.com', via: 'session' });
    await vi.waitFor(() => expect(host.querySelector('a[download]')?.getAttribute('href')).toBe('/api/your-data'));
    const button = [...host.querySelectorAll('button')].find((b) => b.textContent?.includes('delete'))!;
    await act(async () => button.click());
    await vi.waitFor(() =>
      expect(host.querySelector('[data-testid="your-data-deletion-requested"]')?.textContent).toBe(DELETION_REQUESTED),
    );
    expect(calls).toContain('POST /api/your-data/deletion');
  });
});
