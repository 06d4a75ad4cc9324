// @vitest-environment jsdom
// Issue 26 Deliver 5: the Your data page asks for an emailed code first, then offers the download and deletion.
import { DELETION_REQUESTED } from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import YourDataPage from '../src/pages/your-data/your-data';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Renders the page with `me` as the session and answers the deletion request; answers the page and the requests it made. */
function render(me: unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (String(url).endsWith('/api/auth/me')) return answer(200, { user: me });
      return answer(202, { message: DELETION_REQUESTED });
    }),
  );
  const { container: host } = renderWithProviders(<YourDataPage />);
  return { host, calls };
}
afterEach(() => vi.unstubAllGlobals());

describe('Your data page', () => {
  it('sends a signed-out visitor to get a code first', async () => {
    const { host } = render(null);
    await waitFor(() =>
      expect(host.querySelector('[data-testid="your-data-sign-in"] a')?.getAttribute('href')).toBe(
        '/login?next=/your-data',
      ),
    );
    expect(host.querySelector('[data-testid="your-data-actions"]')).toBeNull();
  });

  it('offers the download and sends the deletion request of a signed-in customer', async () => {
    const { host, calls } = render({ id: 'u1', email: 'ayanda@example.com', role: 'customer' });
    await waitFor(() => expect(host.querySelector('a[download]')?.getAttribute('href')).toBe('/api/your-data'));
    fireEvent.click(screen.getByRole('button', { name: /delete/ }));
    await waitFor(() =>
      expect(host.querySelector('[data-testid="your-data-deletion-requested"]')?.textContent).toBe(DELETION_REQUESTED),
    );
    expect(calls).toContain('POST /api/your-data/deletion');
  });
});
