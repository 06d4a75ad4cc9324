// @vitest-environment jsdom
// Issue 26 Deliver 5: a guest proves their address on the Your data page with a mailed code (no account,
// no sign-in page), then sees the download; a wrong code says so and proves nothing.
import { DATA_CODE_SENT, INVALID_OR_EXPIRED_CODE } from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import YourDataPage from '../src/pages/your-data/your-data';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs the Your data API: no proof until `goodCode` is verified; records each call with its body. */
function stubApi(goodCode: string) {
  const calls: { call: string; body: unknown }[] = [];
  let proven: string | null = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ call, body });
      if (call.endsWith('/api/your-data/proof')) return answer(200, { email: proven, via: proven ? 'code' : null });
      if (call.endsWith('/api/your-data/request-code')) return answer(200, { message: DATA_CODE_SENT });
      if (call.endsWith('/api/your-data/verify-code')) {
        if (body.code !== goodCode) return answer(400, { error: INVALID_OR_EXPIRED_CODE });
        proven = body.email.toLowerCase();
        return answer(200, { email: proven, via: 'code' });
      }
      return answer(404, { error: 'Not found' });
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

/** The page at `route` (the storefront's own router, as the remote mounts it). */
const renderAt = (route: string) => renderWithProviders(<YourDataPage />, { route });

describe('Your data: proving the address by code', () => {
  it('takes the address from Track my order, mails a code, refuses a wrong one and opens on the right one', async () => {
    const calls = stubApi('123456');
    renderAt('/your-data?email=sipho%40example.com');
    const email = await screen.findByLabelText('Email address');
    expect((email as HTMLInputElement).value).toBe('sipho@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a code' }));

    const code = await screen.findByLabelText('Code');
    expect(calls.find((c) => c.call.endsWith('/request-code'))?.body).toEqual({ email: 'sipho@example.com' });
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID_OR_EXPIRED_CODE);
    expect(screen.queryByTestId('your-data-actions')).toBeNull();

    fireEvent.change(code, { target: { value: '12a3456' } });
    expect((code as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('your-data-actions')).toBeTruthy());
    expect(screen.getByText('sipho@example.com')).toBeTruthy();
    expect(screen.getByText('Download my data').getAttribute('href')).toBe('/api/your-data');
    // Never the login page: no session is started for a guest.
    expect(calls.some((c) => c.call.includes('/auth/'))).toBe(false);
  });

  it('says what is wrong with a malformed address and sends nothing', async () => {
    const calls = stubApi('123456');
    renderAt('/your-data');
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/email/i);
    expect(calls.some((c) => c.call.endsWith('/request-code'))).toBe(false);
  });
});
