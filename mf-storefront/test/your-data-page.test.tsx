// @vitest-environment jsdom
// Issue 26 Deliver 5: the Your data page asks for an emailed code first (no account needed), then offers the
// download and deletion.
import { DELETION_REQUESTED } from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import YourDataPage from '../src/pages/your-data/your-data';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Renders the page with `proof` as the proven address and answers the deletion request; answers the page and the requests it made. */
function render(proof: unknown) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (String(url).endsWith('/api/your-data/proof')) return answer(200, proof);
      return answer(202, { message: DELETION_REQUESTED });
    }),
  );
  const { container: host } = renderWithProviders(<YourDataPage />);
  return { host, calls };
}
afterEach(() => vi.unstubAllGlobals());

describe('Your data page', () => {
  it('asks a visitor with no proven address for their email first', async () => {
    const { host } = render({ email: null, via: null });
    await waitFor(() => expect(host.querySelector('[data-testid="your-data-email-form"]')).not.toBeNull());
    expect(host.querySelector('[data-testid="your-data-actions"]')).toBeNull();
  });

  it('offers the download and sends the deletion request of a proven address', async () => {
    const { host, calls } = render({ email: 'ayanda@example.com', via: 'session' });
    await waitFor(() => expect(host.querySelector('a[download]')?.getAttribute('href')).toBe('/api/your-data'));
    fireEvent.click(screen.getByRole('button', { name: /delete/ }));
    await waitFor(() =>
      expect(host.querySelector('[data-testid="your-data-deletion-requested"]')?.textContent).toBe(DELETION_REQUESTED),
    );
    expect(calls).toContain('POST /api/your-data/deletion');
  });
});
