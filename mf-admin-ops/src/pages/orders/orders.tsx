import {
  DEFAULT_PAGE_SIZE,
  EMPTY_TEXTS,
  formatOrderDate,
  formatRand,
  ORDER_SORT_LABELS,
  ORDER_SORTS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_TEXTS,
  SCREEN_TITLES,
  shortId,
  type AdminOrder,
  type OrderSort,
  type OrderStatus,
} from '@mastering/contracts';
import { Button, buttonVariants, failedLoad, Label, ScreenHeader, Select, Switch } from '@mastering/ui';
import type { ColumnDef } from '@tanstack/react-table';
import { AlarmClock, CircleCheck, Clock, Download, Package, TriangleAlert, Wallet } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { orderExportUrl, useOrderPage, type OrderFilters } from '../../api/orders';
import { DataTable, Pager, TwoLines } from '../../components/data-table';
import { DeadlineBadge } from '../../components/deadline-badge';
import { RefreshButton, useFailureToast } from '../../components/screen';
import { SearchBox } from '../../components/search-box';
import { StatCard } from '../../components/stat-card';
import { useDebounced } from '../../components/use-debounced';
import { OrderStatusBadge } from '../dashboard/order-status-badge';
import { SendMessageDialog } from '../customers/send-message-dialog';
import { OrderDialog } from './order-dialog';

type StatusFilter = OrderStatus | 'all';
type DeadlineFilter = 'all' | 'due_soon' | 'overdue';
const STATUS_OPTIONS = [
  { value: 'all' as StatusFilter, label: 'All Status' },
  ...ORDER_STATUSES.map((s) => ({ value: s as StatusFilter, label: ORDER_STATUS_LABELS[s] })),
];
const DEADLINE_OPTIONS: { value: DeadlineFilter; label: string }[] = [
  { value: 'all', label: 'Any deadline' },
  { value: 'due_soon', label: 'Due within 12 h' },
  { value: 'overdue', label: 'Overdue' },
];
const SORT_OPTIONS = ORDER_SORTS.map((s) => ({ value: s, label: ORDER_SORT_LABELS[s] }));

// Every column is on screen at 1280 x 800 without sideways scrolling: the file count sits under the
// order id and the engineer under the customer (the same two-line cells as Audio Files).
// biome-ignore lint/suspicious/noExplicitAny: TanStack Table types a column list of mixed value types this way (its documented idiom)
const COLUMNS: ColumnDef<AdminOrder, any>[] = [
  {
    id: 'id',
    header: 'Order · Files',
    cell: ({ row }) => (
      <TwoLines
        main={<span className="font-mono">#{shortId(row.original.id)}</span>}
        sub={`${row.original.fileCount} ${row.original.fileCount === 1 ? 'file' : 'files'}`}
      />
    ),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <OrderStatusBadge status={row.original.status} /> },
  {
    id: 'customer',
    header: 'Customer · Engineer',
    cell: ({ row }) => (
      <TwoLines
        main={
          <span className="block max-w-52 truncate" title={row.original.customerEmail}>
            {row.original.customerEmail}
          </span>
        }
        sub={
          <span className="block max-w-52 truncate" title={row.original.assignedToEmail ?? undefined}>
            {row.original.assignedToEmail ?? 'Unassigned'}
          </span>
        }
      />
    ),
  },
  {
    id: 'created',
    header: 'Created',
    cell: ({ row }) => (
      <span className="whitespace-nowrap text-muted-foreground">{formatOrderDate(row.original.createdAt)}</span>
    ),
  },
  {
    id: 'total',
    header: 'Total',
    cell: ({ row }) => <span className="tabular-nums">{formatRand(row.original.total)}</span>,
  },
  {
    id: 'deadline',
    header: 'Time left',
    cell: ({ row }) => <DeadlineBadge dueAt={row.original.dueAt} deadline={row.original.deadline} />,
  },
];

/** Order Management: counters, server-side search, filters and paging, CSV export and the order dialog. */
export default function OrdersPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [params] = useSearchParams();
  // The dashboard's deadline flags link here with ?deadline=overdue or due_soon.
  const [deadline, setDeadline] = useState<DeadlineFilter>(
    () => DEADLINE_OPTIONS.find((o) => o.value === params.get('deadline'))?.value ?? 'all',
  );
  const [mine, setMine] = useState(false);
  const [sort, setSort] = useState<OrderSort>('newest');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [messageTo, setMessageTo] = useState<string | null>(null);
  const q = useDebounced(search.trim());

  const filters: OrderFilters = {
    q: q || undefined,
    status,
    deadline: deadline === 'all' ? undefined : deadline,
    mine: mine ? 'true' : undefined,
    sort,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
  };
  // A new filter starts again at the first page.
  useEffect(() => setPage(1), [q, status, deadline, mine, sort]);
  const orders = useOrderPage(filters);
  const { data, isLoading } = orders;
  useFailureToast(ORDER_TEXTS.fetchFailed, orders.error);

  const counts = data?.counts;
  const cards = useMemo(
    () => [
      {
        label: 'Pending Payment',
        value: counts?.byStatus.pending_payment,
        icon: Wallet,
        testId: 'count-pending-payment',
      },
      { label: 'In Progress', value: counts?.byStatus.in_progress, icon: Clock, testId: 'count-in-progress' },
      { label: 'Mastered', value: counts?.byStatus.mastered, icon: Package, testId: 'count-mastered' },
      { label: 'Delivered', value: counts?.byStatus.delivered, icon: CircleCheck, testId: 'count-delivered' },
    ],
    [counts],
  );

  return (
    <div data-testid="page-orders" className="mx-auto w-full max-w-7xl space-y-6">
      <ScreenHeader
        title={SCREEN_TITLES.orders}
        description="Every order with its status, customer, files and the time left of its 48 hours."
      >
        <a
          href={orderExportUrl(filters)}
          download
          className={buttonVariants({ variant: 'outline' })}
          data-testid="orders-export"
        >
          <Download aria-hidden />
          Export
        </a>
        <RefreshButton query={orders} testId="orders-refresh" />
      </ScreenHeader>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <StatCard
            key={card.label}
            label={card.label}
            value={String(card.value ?? 0)}
            icon={card.icon}
            loading={isLoading}
            testId={card.testId}
          />
        ))}
      </div>

      {counts && (counts.dueSoon > 0 || counts.overdue > 0) && (
        <div className="flex flex-wrap gap-2" data-testid="deadline-flags">
          {counts.overdue > 0 && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setDeadline('overdue')}
              className="border-destructive/60 text-destructive"
            >
              <TriangleAlert aria-hidden />
              {counts.overdue} overdue
            </Button>
          )}
          {counts.dueSoon > 0 && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setDeadline('due_soon')}
              className="border-warning/60 text-warning"
            >
              <AlarmClock aria-hidden />
              {counts.dueSoon} due within 12 h
            </Button>
          )}
        </div>
      )}

      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_11rem_11rem] md:items-center">
        <SearchBox
          value={search}
          onChange={setSearch}
          placeholder="Search by email or order ID..."
          label="Search orders"
          testId="orders-search"
        />
        <Select value={status} onChange={setStatus} options={STATUS_OPTIONS} data-testid="orders-status-filter" />
        <Select
          value={deadline}
          onChange={setDeadline}
          options={DEADLINE_OPTIONS}
          data-testid="orders-deadline-filter"
        />
        <Select value={sort} onChange={setSort} options={SORT_OPTIONS} />
      </div>
      <div className="flex items-center gap-2">
        <Switch checked={mine} onChange={setMine} aria-label="Only my orders" data-testid="orders-mine" />
        <Label className="text-sm">Only my orders</Label>
      </div>

      <DataTable
        label="Orders"
        columns={COLUMNS}
        rows={data?.items ?? []}
        rowId={(o) => o.id}
        rowLabel={(o) => `Open order ${shortId(o.id)}`}
        onRowClick={(o) => setOpenId(o.id)}
        loading={isLoading}
        empty={EMPTY_TEXTS.orders}
        loadError={failedLoad(orders, 'the orders')}
        data-testid="orders-table"
        rowTestId="order-row"
      />
      {data && <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />}

      <OrderDialog
        orderId={openId}
        onClose={() => setOpenId(null)}
        onContactCustomer={(email) => {
          // One dialog at a time: the order closes while the message is written.
          setOpenId(null);
          setMessageTo(email);
        }}
      />
      <SendMessageDialog email={messageTo} onClose={() => setMessageTo(null)} />
    </div>
  );
}
