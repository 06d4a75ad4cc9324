import { useEffect, useState } from 'react';
import {
  CUSTOMER_STAT_LABELS,
  CUSTOMER_TEXTS,
  EMPTY_TEXTS,
  formatOrderDate,
  formatRand,
  SCREEN_TITLES,
  type CustomerRow,
  type CustomersQuery,
  type CustomerStats,
} from '@mastering/contracts';
import { Button, buttonVariants, Card, CardContent, cn, ScreenHeader, ScrollRegion, Select } from '@mastering/ui';
import {
  Banknote,
  ChevronLeft,
  ChevronRight,
  Crown,
  Download,
  MessageSquare,
  TrendingUp,
  UserCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { customerKeys, useCustomerPage, useCustomerStats } from '../../api/customers';
import { CustomerStatusBadge } from '../../components/badges';
import { ListStates, useFailureToast } from '../../components/screen';
import { StatCard } from '../../components/stat-card';
import { SearchBox } from '../../components/search-box';
import { useDebounced } from '../../components/use-debounced';
import { CustomerDetailDialog } from './customer-detail-dialog';
import { SendMessageDialog } from './send-message-dialog';
import { DeletionRequestsCard } from './deletion-requests-card';

const PAGE_SIZE = 25;
const CARDS: { key: keyof CustomerStats; icon: LucideIcon; money?: boolean }[] = [
  { key: 'totalCustomers', icon: Users },
  { key: 'activeCustomers', icon: UserCheck },
  { key: 'vipCustomers', icon: Crown },
  { key: 'averageOrderValue', icon: TrendingUp, money: true },
  { key: 'totalRevenue', icon: Banknote, money: true },
];
const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'vip', label: 'VIP' },
] as const;
const SORT_OPTIONS = [
  { value: 'lastOrderDate', label: 'Sort: last order' },
  { value: 'totalSpent', label: 'Sort: total spent' },
  { value: 'totalOrders', label: 'Sort: orders' },
  { value: 'email', label: 'Sort: email' },
] as const;

/** Customer Management: the five cards, server-side search / filter / sort / paging, detail, messages and CSV export. */
export default function CustomersPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CustomersQuery['status']>('all');
  const [sort, setSort] = useState<CustomersQuery['sort']>('lastOrderDate');
  const [offset, setOffset] = useState(0);
  const [detail, setDetail] = useState<string | null>(null);
  const [messageTo, setMessageTo] = useState<string | null>(null);
  const q = useDebounced(search.trim());
  const query = {
    q: q || undefined,
    status,
    sort,
    dir: sort === 'email' ? 'asc' : 'desc',
    offset,
    limit: PAGE_SIZE,
  } as const;
  const list = useCustomerPage(query);
  const stats = useCustomerStats();

  useEffect(() => setOffset(0), [q, status, sort]);
  useFailureToast(CUSTOMER_TEXTS.fetchFailed, list.error ?? stats.error);

  const page = list.data;
  return (
    <div data-testid="page-customers" className="mx-auto w-full max-w-6xl space-y-6">
      <ScreenHeader
        title={SCREEN_TITLES.customers}
        description="Everyone who ordered, and customer accounts that have not yet."
      >
        <a
          href={customerKeys.exportUrl(query)}
          download
          className={buttonVariants({ variant: 'outline' })}
          data-testid="customers-export"
        >
          <Download aria-hidden />
          Export CSV
        </a>
      </ScreenHeader>

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-3 2xl:grid-cols-5">
        {CARDS.map(({ key, icon, money }) => (
          <StatCard
            key={key}
            label={CUSTOMER_STAT_LABELS[key]}
            icon={icon}
            loading={stats.isLoading}
            testId={`customer-stat-${key}`}
            value={stats.data ? (money ? formatRand(stats.data[key]) : stats.data[key]) : '-'}
          />
        ))}
      </div>

      <DeletionRequestsCard />

      <Card>
        <CardContent className="space-y-4 pt-6">
          <div className="flex flex-col gap-3 md:flex-row">
            <SearchBox
              value={search}
              onChange={setSearch}
              placeholder="Search by email..."
              label="Search customers by email"
              testId="customers-search"
              className="flex-1"
            />
            <Select
              className="md:w-40"
              value={status}
              onChange={setStatus}
              options={STATUS_OPTIONS}
              data-testid="customers-status"
            />
            <Select className="md:w-44" value={sort} onChange={setSort} options={SORT_OPTIONS} />
          </div>

          <ListStates
            query={list}
            what="the customers"
            rows={(d) => d.items}
            empty={EMPTY_TEXTS.customers}
            emptyTestId="customers-empty"
          >
            {(rows) => (
              <>
                <CustomerCards rows={rows} onOpen={setDetail} onMessage={setMessageTo} />
                <CustomerTable rows={rows} onOpen={setDetail} onMessage={setMessageTo} />
              </>
            )}
          </ListStates>

          {page && page.count > PAGE_SIZE && (
            <div className="flex items-center justify-between text-sm text-muted-foreground">
              <span>
                {offset + 1}-{Math.min(offset + PAGE_SIZE, page.count)} of {page.count}
              </span>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
                >
                  <ChevronLeft aria-hidden />
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={offset + PAGE_SIZE >= page.count}
                  onClick={() => setOffset(offset + PAGE_SIZE)}
                >
                  Next
                  <ChevronRight aria-hidden />
                </Button>
              </div>
            </div>
          )}
        </CardContent>
      </Card>

      <CustomerDetailDialog
        email={detail}
        onClose={() => setDetail(null)}
        onMessage={(email) => (setDetail(null), setMessageTo(email))}
      />
      <SendMessageDialog email={messageTo} onClose={() => setMessageTo(null)} />
    </div>
  );
}

type RowsProps = { rows: CustomerRow[]; onOpen: (email: string) => void; onMessage: (email: string) => void };

/** The message icon of a customer row. */
function MessageButton({ email, onMessage }: { email: string; onMessage: (email: string) => void }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Send a message to ${email}`}
      data-testid="customer-message"
      onClick={(e) => {
        e.stopPropagation();
        onMessage(email);
      }}
    >
      <MessageSquare aria-hidden />
    </Button>
  );
}

/** Phones: one card per customer (the table needs more width than a phone has). */
function CustomerCards({ rows, onOpen, onMessage }: RowsProps) {
  return (
    <ul className="divide-y divide-border md:hidden">
      {rows.map((c) => (
        <li key={c.email} className="flex items-start gap-2 py-3 text-sm">
          <button type="button" className="min-w-0 flex-1 space-y-1 text-left" onClick={() => onOpen(c.email)}>
            <span className="block truncate font-medium">{c.email}</span>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
              <CustomerStatusBadge status={c.status} />
              <span>
                {c.totalOrders} order{c.totalOrders === 1 ? '' : 's'}
              </span>
              <span className="tabular-nums">{formatRand(c.totalSpent)}</span>
            </span>
            <span className="block text-xs text-muted-foreground">
              Last order: {c.lastOrderDate ? formatOrderDate(c.lastOrderDate) : 'Never'}
            </span>
          </button>
          <MessageButton email={c.email} onMessage={onMessage} />
        </li>
      ))}
    </ul>
  );
}

/** Wider screens: the customer table. */
function CustomerTable({ rows, onOpen, onMessage }: RowsProps) {
  return (
    <ScrollRegion label="Customers" className="hidden md:block">
      <table className="w-full min-w-[720px] text-sm">
        <thead className="text-left text-xs text-muted-foreground">
          <tr className="border-b border-border">
            <th className="py-2 pr-4 font-medium">Email</th>
            <th className="py-2 pr-4 font-medium">Status</th>
            <th className="py-2 pr-4 text-right font-medium">Orders</th>
            <th className="py-2 pr-4 text-right font-medium">Total spent</th>
            <th className="py-2 pr-4 text-right font-medium">Avg order</th>
            <th className="py-2 pr-4 font-medium">Last order</th>
            <th className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((c) => (
            <tr
              key={c.email}
              data-testid="customer-row"
              className="cursor-pointer hover:bg-accent/40"
              onClick={() => onOpen(c.email)}
            >
              <td className="max-w-64 truncate py-3 pr-4">
                <button
                  type="button"
                  className={cn(
                    'text-left font-medium hover:underline focus-visible:underline focus-visible:outline-none',
                  )}
                  onClick={() => onOpen(c.email)}
                >
                  {c.email}
                </button>
                {c.name && <p className="text-xs text-muted-foreground">{c.name}</p>}
              </td>
              <td className="py-3 pr-4">
                <CustomerStatusBadge status={c.status} />
              </td>
              <td className="py-3 pr-4 text-right tabular-nums">{c.totalOrders}</td>
              <td className="py-3 pr-4 text-right tabular-nums">{formatRand(c.totalSpent)}</td>
              <td className="py-3 pr-4 text-right tabular-nums">{formatRand(c.averageOrderValue)}</td>
              <td className="py-3 pr-4 whitespace-nowrap text-muted-foreground">
                {c.lastOrderDate ? formatOrderDate(c.lastOrderDate) : 'Never'}
              </td>
              <td className="py-3 text-right">
                <MessageButton email={c.email} onMessage={onMessage} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
