// @vitest-environment jsdom
import { RATING_ALREADY_GIVEN, RATING_THANKS, type CustomerOrderView } from '@mastering/contracts';
import { fireEvent, renderWithProviders, screen, waitFor } from '@mastering/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RatingForm } from '../src/pages/order/rating-form';

const ID = '4b0c2a1e-7d3f-4c1a-9e2b-5f6a7b8c9d0e';
const RATED = { stars: 4, comment: 'Warm and loud', publishConsent: false, createdAt: '2026-11-22T10:00:00.000Z' };
const calls: { url: string; body: unknown }[] = [];
let answer: Response;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init?.body)) });
    return answer.clone();
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('rating the master on the order page', () => {
  it('sends the stars, the comment and the consent left unticked, with the link’s token', async () => {
    answer = json(201, { rating: RATED } as Partial<CustomerOrderView>);
    renderWithProviders(<RatingForm orderId={ID} token="token-from-the-mail" rating={null} />);
    const send = screen.getByRole('button', { name: 'Send my rating' });
    expect(send).toHaveProperty('disabled', true); // no stars chosen yet
    const consent = screen.getByLabelText(/You may publish my comment/);
    expect(consent).toHaveProperty('checked', false);
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.change(screen.getByLabelText('A word about it (optional)'), { target: { value: 'Warm and loud' } });
    fireEvent.click(send);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      url: `/api/orders/${ID}/rating`,
      body: { stars: 4, comment: 'Warm and loud', publishConsent: false, t: 'token-from-the-mail' },
    });
  });

  it('shows the server’s refusal as it words it', async () => {
    answer = json(409, { error: RATING_ALREADY_GIVEN });
    renderWithProviders(<RatingForm orderId={ID} token="t" rating={null} />);
    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.click(screen.getByLabelText(/You may publish my comment/));
    fireEvent.click(screen.getByRole('button', { name: 'Send my rating' }));
    expect((await screen.findByRole('alert')).textContent).toBe(RATING_ALREADY_GIVEN);
    expect(calls[0]!.body).toMatchObject({ stars: 5, publishConsent: true });
  });

  it('shows a given rating instead of the form', () => {
    renderWithProviders(<RatingForm orderId={ID} token="t" rating={RATED} />);
    expect(screen.getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(screen.getByText('“Warm and loud”')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send my rating' })).toBeNull();
    expect(screen.queryByText(RATING_THANKS)).toBeNull();
  });
});
