import { useState } from 'react';
import {
  EMPTY_TEXTS,
  formatCents,
  formatOrderDate,
  formatRand,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  PAYMENTS_FETCH_FAILED,
  SCREEN_TITLES,
  shortId,
  type PaymentsQuery,
} from '@mastering/contracts';
import { Card, CardContent, CardHeader, CardTitle, ScreenHeader, Select } from '@mastering/ui';
import { Banknote, CircleCheck, Percent, Receipt, TrendingUp } from 'lucide-react';
import { usePayments } from '../../api/payments';
import { PaymentAttentionBadge, PaymentStatusBadge } from '../../components/badges';
import { ListStates, useFailureToast } from '../../components/screen';
import { StatCard } from '../../components/stat-card';
import { DATE_RANGE_OPTIONS, type DateRangeValue } from '../../components/date-range';
import { SearchBox } from '../../components/search-box';
import { useDebounced } from '../../components/use-debounced';
import { PaymentDetailDialog } from './payment-detail-dialog';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All Status' },
  ...PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] })),
] as const;

/** Payment & Revenue Management: revenue cards and status counts for a date range, the recent payments and each one's webhook log. */
export default function PaymentsPage() {
  const [days, setDays] = useState<DateRangeValue>('30');
  const [status, setStatus] = useState<PaymentsQuery['status']>('all');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const q = useDebounced(search.trim());
  const payments = usePayments({
    days: Number(days) as PaymentsQuery['days'],
    status,
    q: q || undefined,
  });
  const { data, isLoading } = payments;
  useFailureToast(PAYMENTS_FETCH_FAILED, payments.error);

  const counts = data && [
    { label: 'Successful', value: data.successfulPayments },
    { label: 'Pending', value: data.pendingPayments },
    { label: 'Failed', value: data.failedPayments },
    { label: 'Refunded', value: data.refundedPayments },
    { label: 'Cancelled', value: data.cancelledPayments },
  ];
  return (
    <div data-testid="page-payments" className="mx-auto w-full max-w-6xl space-y-6">
      <ScreenHeader
        title={SCREEN_TITLES.payments}
        description="Revenue and every payment Yoco reported, for the chosen period."
      >
        <Select
          className="w-44"
          value={days}
          onChange={setDays}
          options={DATE_RANGE_OPTIONS}
          data-testid="payments-range"
        />
      </ScreenHeader>

      <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        <StatCard
          label="Total Revenue"
          icon={Banknote}
          loading={isLoading}
          value={data ? formatRand(data.totalRevenue) : '-'}
          testId="payments-revenue"
        />
        <StatCard
          label="Total Transactions"
          icon={Receipt}
          loading={isLoading}
          value={data?.totalTransactions ?? '-'}
          testId="payments-transactions"
        />
        <StatCard
          label="Average Order Value"
          icon={TrendingUp}
          loading={isLoading}
          value={data ? formatRand(data.averageOrderValue) : '-'}
        />
        <StatCard
          label="Success Rate"
          icon={Percent}
          loading={isLoading}
          value={data ? `${data.successRate}%` : '-'}
          testId="payments-success-rate"
        />
      </div>
      <div className="grid grid-cols-3 gap-3 sm:grid-cols-5">
        {(counts ?? []).map((c) => (
          <div
            key={c.label}
            className="rounded-lg border border-border bg-card p-3"
            data-testid={`payments-count-${c.label.toLowerCase()}`}
          >
            <p className="text-xs text-muted-foreground">{c.label}</p>
            <p className="text-lg font-semibold tabular-nums">{c.value}</p>
          </div>
        ))}
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CircleCheck className="size-5 text-muted-foreground" aria-hidden />
            Recent Payments
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-col gap-3 md:flex-row">
            <SearchBox
              value={search}
              onChange={setSearch}
              placeholder="Search by email, order ID or payment ID..."
              label="Search payments"
              testId="payments-search"
              className="flex-1"
            />
            <Select
              className="md:w-44"
              value={status}
              onChange={setStatus}
              options={STATUS_OPTIONS}
              data-testid="payments-status"
            />
          </div>
          <ListStates query={payments} what="the payments" rows={(d) => d.recentPayments} empty={EMPTY_TEXTS.payments}>
            {(rows) => (
              <ul className="divide-y divide-border">
                {rows.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      onClick={() => setOpen(p.id)}
                      className="grid w-full grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 py-3 text-left text-sm hover:bg-accent/40 focus-visible:bg-accent/40 focus-visible:outline-none md:flex"
                      data-testid="payment-row"
                    >
                      <span className="min-w-0 truncate font-medium md:flex-1">{p.customerEmail}</span>
                      <span className="text-right font-medium tabular-nums md:order-last md:w-24">
                        {formatCents(p.amount)}
                      </span>
                      <span className="col-span-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground md:contents">
                        <PaymentStatusBadge status={p.status} />
                        <PaymentAttentionBadge attention={p.attention} />
                        <span className="font-mono">#{shortId(p.orderId)}</span>
                        <span className="capitalize md:w-14">{p.paymentMethod || 'Card'}</span>
                        <span className="text-xs md:w-40 md:text-right">{formatOrderDate(p.createdAt)}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </ListStates>
        </CardContent>
      </Card>
      <PaymentDetailDialog id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
