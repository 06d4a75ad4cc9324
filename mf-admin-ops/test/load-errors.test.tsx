// @vitest-environment jsdom
// Issue 27 item 4: a failed fetch never reads as an empty result; the screen says what failed and offers Retry.
import { ApiError, createQueryClient, failedLoad, LoadError, loadErrorReason } from '@mastering/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CustomerDetailDialog } from '../src/pages/customers/customer-detail-dialog';
import ProfilePage from '../src/pages/profile/profile';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const USER_ID = '5b0c1f4e-8a3c-4c8e-9a7e-1d2c3b4a5f6e';
let host: HTMLDivElement;
let root: Root;
let fetchMock: ReturnType<typeof vi.fn>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function render(node: ReactNode) {
  await act(async () => root.render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>));
}
/** Lets pending requests settle. */
const settle = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const text = () => host.textContent ?? '';

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

describe('LoadError', () => {
  it("says what failed, with the server's own message, and Retry asks again", async () => {
    const onRetry = vi.fn();
    await render(
      <LoadError what="the orders" error={new ApiError(503, 'Service Unavailable', '')} onRetry={onRetry} />,
    );
    expect(host.querySelector('[role="alert"]')!.textContent).toContain('Could not load the orders.');
    expect(text()).toContain('The server answered 503 Service Unavailable.');
    act(() => host.querySelector<HTMLButtonElement>('[data-testid="load-error-retry"]')!.click());
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('words each kind of failure for a person', () => {
    expect(loadErrorReason(new ApiError(500, 'Internal Server Error', '{"error":"Database unavailable"}'))).toBe(
      'Database unavailable',
    );
    expect(loadErrorReason(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  });

  it('only a query that failed with nothing to show is a load error (a stale list stays)', () => {
    const base = { error: new Error('x'), refetch: vi.fn() };
    expect(failedLoad({ ...base, isError: true, data: undefined }, 'the users')).toMatchObject({ what: 'the users' });
    expect(failedLoad({ ...base, isError: true, data: [] }, 'the users')).toBeNull();
    expect(failedLoad({ ...base, isError: false, data: undefined }, 'the users')).toBeNull();
  });
});

describe('customer screens when the server fails', () => {
  it('the customer dialog stops spinning, says what failed, and Retry loads it', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: 'Database unavailable' }, 500));
    await render(
      <MemoryRouter>
        <CustomerDetailDialog email="ann@example.com" onClose={() => {}} onMessage={() => {}} />
      </MemoryRouter>,
    );
    await settle();
    const dialog = document.querySelector('[data-testid="customer-detail"]')!;
    expect(dialog.querySelector('[data-testid="load-error"]')!.textContent).toContain(
      "Could not load this customer's details.",
    );
    expect(dialog.textContent).toContain('Database unavailable');
    expect(dialog.querySelector('[data-slot="skeleton"]')).toBeNull();
    expect(fetchMock).toHaveBeenCalledOnce();
    act(() => dialog.querySelector<HTMLButtonElement>('[data-testid="load-error-retry"]')!.click());
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('the profile shows an error with Retry, not "No orders found", when its orders fail', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/orders/')) return json({ error: 'Orders are unavailable' }, 500);
      if (url.startsWith('/api/audio-files/')) return json([]);
      return json({
        id: USER_ID,
        email: 'ann@example.com',
        firstName: 'Ann',
        lastName: null,
        role: 'customer',
        isActive: 'true',
        profileImageUrl: null,
        createdAt: '2026-11-01T10:00:00.000Z',
      });
    });
    await render(
      <MemoryRouter initialEntries={[`/profile/${USER_ID}`]}>
        <Routes>
          <Route path="/profile/:userId" element={<ProfilePage />} />
        </Routes>
      </MemoryRouter>,
    );
    await settle();
    expect(text()).toContain("Could not load the customer's orders.");
    expect(text()).toContain('Orders are unavailable');
    expect(text()).not.toContain('No orders found');
  });
});
