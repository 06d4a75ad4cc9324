import {
  REFUND_REQUEST_STATES,
  REFUND_REQUEST_TEXTS,
  SCREEN_TITLES,
  refundRequestCountText,
  type RefundRequestsQuery,
} from '@mastering/contracts';
import { Button, Card, CardContent, ScreenHeader } from '@mastering/ui';
import { useState } from 'react';
import { useAllRefundRequests, useRefundRequestCount } from '../../api/refunds';
import { ListStates, RefreshButton, useFailureToast } from '../../components/screen';
import { OrderDialog } from '../orders/order-dialog';
import { RefundRequestRow } from './refund-request-row';

type State = RefundRequestsQuery['state'];
const STATE_LABELS: Record<State, string> = { open: REFUND_REQUEST_TEXTS.showOpen, all: REFUND_REQUEST_TEXTS.showAll };

/**
 * Refund requests (issue 50): every order's "Not happy?" requests, open ones first (the longest waiting
 * first, overdue ones flagged), the answer form on each, and the order's dialog (where an admin refunds).
 */
export default function RefundRequestsPage() {
  const [state, setState] = useState<State>('open');
  const [openOrder, setOpenOrder] = useState<string | null>(null);
  const requests = useAllRefundRequests(state);
  const count = useRefundRequestCount().data;
  useFailureToast(REFUND_REQUEST_TEXTS.fetchFailed, requests.error);

  return (
    <div data-testid="page-refund-requests" className="mx-auto w-full max-w-5xl space-y-6">
      <ScreenHeader title={SCREEN_TITLES['refund-requests']} description={REFUND_REQUEST_TEXTS.description}>
        <RefreshButton query={requests} testId="refund-requests-refresh" />
      </ScreenHeader>
      <div className="flex flex-wrap items-center gap-2">
        {REFUND_REQUEST_STATES.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={state === value ? 'default' : 'outline'}
            aria-pressed={state === value}
            onClick={() => setState(value)}
            data-testid={`refund-requests-${value}`}
          >
            {STATE_LABELS[value]}
          </Button>
        ))}
        {count && (
          <span className="text-sm text-muted-foreground" data-testid="refund-requests-count">
            {refundRequestCountText(count)}
          </span>
        )}
      </div>
      <Card>
        <CardContent className="pt-6">
          <ListStates
            query={requests}
            what="the refund requests"
            rows={(list) => list}
            empty={state === 'open' ? REFUND_REQUEST_TEXTS.emptyOpen : REFUND_REQUEST_TEXTS.empty}
            emptyTestId="refund-requests-empty"
          >
            {(rows) => (
              <ul className="space-y-2">
                {rows.map((request) => (
                  <RefundRequestRow key={request.id} request={request} onOpenOrder={setOpenOrder} />
                ))}
              </ul>
            )}
          </ListStates>
        </CardContent>
      </Card>
      <OrderDialog orderId={openOrder} onClose={() => setOpenOrder(null)} />
    </div>
  );
}
