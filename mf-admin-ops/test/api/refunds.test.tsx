// @vitest-environment jsdom
import type { OrderRefunds } from '@mastering/contracts';
import { renderWithProviders, waitFor } from '@mastering/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderKeys } from '../../src/api/orders';
import { refundKeys, useOrderRefunds } from '../../src/api/refunds';

const ORDER_ID = '0b1e9d5c-58a4-4a4e-9d6e-7f1c2b3a4d5e';
const answer = (pending: number): OrderRefunds => ({
  paid: 649,
  refunded: 100 - pending,
  pending,
  refundable: 549,
  refunds: [],
});

let served: OrderRefunds;
afterEach(() => vi.unstubAllGlobals());

function Probe() {
  const { data } = useOrderRefunds(ORDER_ID);
  return <p data-testid="pending">{data ? String(data.pending) : 'loading'}</p>;
}

describe('useOrderRefunds', () => {
  it('asks again while a refund is on its way, and refreshes the order once it has settled', async () => {
    served = answer(100);
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(served), { status: 200 }));
    const { client, findByText } = renderWithProviders(<Probe />, { queryData: [[orderKeys.detail(ORDER_ID), {}]] });
    await findByText('100');
    const query = () => client.getQueryCache().find({ queryKey: refundKeys.order(ORDER_ID) })!;
    const interval = () => {
      const option = query().observers[0]!.options.refetchInterval;
      return typeof option === 'function' ? option(query()) : option;
    };
    expect(interval()).toBeGreaterThan(0);
    expect(client.getQueryState(orderKeys.detail(ORDER_ID))?.isInvalidated).toBe(false);

    // The webhook lands: the next answer has nothing pending.
    served = answer(0);
    await client.refetchQueries({ queryKey: refundKeys.order(ORDER_ID) });
    await findByText('0');
    await waitFor(() => expect(client.getQueryState(orderKeys.detail(ORDER_ID))?.isInvalidated).toBe(true));
    expect(interval()).toBe(false);
  });
});
