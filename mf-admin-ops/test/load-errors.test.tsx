// @vitest-environment jsdom
// Issue 27 item 4: a failed fetch never reads as an empty result; the screen says what failed and offers Retry.
import { ApiError, failedLoad, LoadError, loadErrorReason } from '@mastering/ui';
import { fireEvent, renderWithProviders, screen, waitFor, within } from '@mastering/ui/testing';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CustomerDetailDialog } from '../src/pages/customers/customer-detail-dialog';
import ProfilePage from '../src/pages/profile/profile';

const USER_ID = '5b0c1f4e-8a3c-4c8e-9a7e-1d2c3b4a5f6e';
let fetchMock: ReturnType<typeof vi.fn>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('LoadError', () => {
  it("says what failed, with the server's own message, and Retry asks again", async () => {
    const onRetry = vi.fn();
    const { container } = renderWithProviders(
      <LoadError what="the orders" error={new ApiError(503, 'Service Unavailable', '')} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Could not load the orders.');
    expect(container.textContent).toContain('The server answered 503 Service Unavailable.');
    fireEvent.click(screen.getByTestId('load-error-retry'));
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
    renderWithProviders(<CustomerDetailDialog email="ann@example.com" onClose={() => {}} onMessage={() => {}} />);
    const dialog = await screen.findByTestId('customer-detail');
    expect((await within(dialog).findByTestId('load-error')).textContent).toContain(
      "Could not load this customer's details.",
    );
    expect(dialog.textContent).toContain('Database unavailable');
    expect(dialog.querySelector('[data-slot="skeleton"]')).toBeNull();
    expect(fetchMock).toHaveBeenCalledOnce();
    fireEvent.click(within(dialog).getByTestId('load-error-retry'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
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
    const { container } = renderWithProviders(
      <Routes>
        <Route path="/profile/:userId" element={<ProfilePage />} />
      </Routes>,
      { route: `/profile/${USER_ID}` },
    );
    await screen.findByText("Could not load the customer's orders.", { exact: false });
    expect(container.textContent).toContain('Orders are unavailable');
    expect(container.textContent).not.toContain('No orders found');
  });
});
