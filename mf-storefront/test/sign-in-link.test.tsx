// @vitest-environment jsdom
// Issue 51 Deliver 2: every code mail carries a one-time sign-in link (`#link=<token>`). The login and
// Your data pages take it from the address (and wipe it off at once) and post it; a bad one says so.
import { INVALID_OR_EXPIRED_LINK } from '@mastering/contracts';
import { renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeLinkToken } from '../src/api/sign-in-link';
import LoginPage from '../src/pages/login/login';
import YourDataPage from '../src/pages/your-data/your-data';

const TOKEN = 'Abc_-0123456789abcdefghijklmnopqrstuvwxyzAB';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs the API: `verify` answers the link posts; records each call with its body. */
function stubApi(verify: (path: string) => Response) {
  const calls: { call: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url}`;
      calls.push({ call, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (call.endsWith('/verify-link')) return verify(call);
      if (call.endsWith('/api/your-data/proof')) return answer(200, { email: null, via: null });
      if (call.endsWith('/api/config')) return answer(404, { error: 'Not found' });
      return answer(404, { error: 'Not found' });
    }),
  );
  return calls;
}
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('takeLinkToken', () => {
  it('answers the token of a #link= address and wipes it off the address, keeping path and query', () => {
    window.history.replaceState(null, '', `/login?next=%2Fadmin#link=${TOKEN}`);
    expect(takeLinkToken()).toBe(TOKEN);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/login?next=%2Fadmin');
  });

  it('answers an empty token for a link that is not one (still wiped), and null without a link', () => {
    window.history.replaceState(null, '', '/login#link=short');
    expect(takeLinkToken()).toBe('');
    expect(window.location.hash).toBe('');
    window.history.replaceState(null, '', '/login#section');
    expect(takeLinkToken()).toBeNull();
    expect(window.location.hash).toBe('#section');
  });
});

describe('pages opened from a code mail’s link', () => {
  it('the login page posts the link’s token and shows the server’s refusal', async () => {
    const calls = stubApi(() => answer(400, { error: INVALID_OR_EXPIRED_LINK }));
    window.history.replaceState(null, '', `/login#link=${TOKEN}`);
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect((await screen.findByTestId('login-error')).textContent).toBe(INVALID_OR_EXPIRED_LINK);
    expect(calls.filter((c) => c.call.endsWith('/auth/verify-link'))).toEqual([
      { call: 'POST /auth/verify-link', body: { token: TOKEN } },
    ]);
    expect(window.location.hash).toBe('');
  });

  it('the login page takes a link pasted into it while open (only the address’s # changes)', async () => {
    const calls = stubApi(() => answer(400, { error: INVALID_OR_EXPIRED_LINK }));
    window.history.replaceState(null, '', '/login');
    renderWithProviders(<LoginPage />, { route: '/login' });
    await screen.findByTestId('login-email');
    window.location.hash = `link=${TOKEN}`;
    expect((await screen.findByTestId('login-error')).textContent).toBe(INVALID_OR_EXPIRED_LINK);
    expect(calls.filter((c) => c.call.endsWith('/auth/verify-link'))).toHaveLength(1);
  });

  it('the login page says a malformed link is no good without asking the server', async () => {
    const calls = stubApi(() => answer(500, {}));
    window.history.replaceState(null, '', '/login#link=not-a-token');
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect((await screen.findByTestId('login-error')).textContent).toBe(INVALID_OR_EXPIRED_LINK);
    expect(calls.some((c) => c.call.endsWith('/verify-link'))).toBe(false);
  });

  it('the Your data page proves the address by the link and opens the download', async () => {
    const calls = stubApi(() => answer(200, { email: 'sipho@example.com', via: 'code' }));
    window.history.replaceState(null, '', `/your-data#link=${TOKEN}`);
    renderWithProviders(<YourDataPage />, { route: '/your-data' });
    await waitFor(() => expect(screen.getByTestId('your-data-actions')).toBeTruthy());
    expect(screen.getByText('sipho@example.com')).toBeTruthy();
    expect(calls.find((c) => c.call.endsWith('/api/your-data/verify-link'))?.body).toEqual({ token: TOKEN });
  });
});
