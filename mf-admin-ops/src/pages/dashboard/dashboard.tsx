import {
  DASHBOARD_FETCH_FAILED,
  DASHBOARD_TEXTS,
  EMPTY_TEXTS,
  formatOrderDate,
  formatRand,
  SCREEN_TITLES,
  shortId,
  type DashboardStats,
} from '@mastering/contracts';
import {
  buttonVariants,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  ScreenHeader,
} from '@mastering/ui';
import {
  AlarmClock,
  ArrowRight,
  Banknote,
  Clock,
  FileHeadphone,
  ShoppingCart,
  TriangleAlert,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router-dom';
import { useDashboardStats } from '../../api/dashboard';
import { ListStates, RefreshButton, useFailureToast } from '../../components/screen';
import { StatCard } from '../../components/stat-card';
import { OrderStatusBadge } from './order-status-badge';
import { RefundRequestsNotice } from './refund-requests-notice';
import { StudioIdentityPrompt } from './studio-identity-prompt';

const STAT_CARDS: { label: string; icon: LucideIcon; value: (stats: DashboardStats) => string; testId: string }[] = [
  {
    label: DASHBOARD_TEXTS.totalOrders,
    icon: ShoppingCart,
    value: (s) => String(s.totalOrders),
    testId: 'stat-total-orders',
  },
  {
    label: DASHBOARD_TEXTS.pendingOrders,
    icon: Clock,
    value: (s) => String(s.pendingOrders),
    testId: 'stat-pending-orders',
  },
  { label: DASHBOARD_TEXTS.revenue, icon: Banknote, value: (s) => formatRand(s.totalRevenue), testId: 'stat-revenue' },
  {
    label: DASHBOARD_TEXTS.activeCustomers,
    icon: Users,
    value: (s) => String(s.activeCustomers),
    testId: 'stat-active-customers',
  },
];

const ACTIONS: { title: string; description: string; to: string; icon: LucideIcon }[] = [
  {
    title: DASHBOARD_TEXTS.manageOrders,
    description: 'Follow orders and update their status.',
    to: '/admin/orders',
    icon: ShoppingCart,
  },
  {
    title: DASHBOARD_TEXTS.manageCustomers,
    description: 'See customers, their spend and history.',
    to: '/admin/customers',
    icon: Users,
  },
  {
    title: DASHBOARD_TEXTS.manageFiles,
    description: 'Process uploads and deliver masters.',
    to: '/admin/files',
    icon: FileHeadphone,
  },
];

/** Dashboard: four figures, the recent orders and shortcuts to the main screens. */
export default function DashboardPage() {
  const stats = useDashboardStats();
  const { data, isLoading } = stats;
  useFailureToast(DASHBOARD_FETCH_FAILED, stats.error);

  return (
    <div data-testid="page-dashboard" className="mx-auto w-full max-w-6xl space-y-6">
      <ScreenHeader title={SCREEN_TITLES.dashboard} description="Orders, revenue and customers at a glance.">
        <RefreshButton query={stats} label={DASHBOARD_TEXTS.refreshStats} testId="refresh-stats" />
      </ScreenHeader>

      <RefundRequestsNotice />
      <StudioIdentityPrompt />

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STAT_CARDS.map(({ label, icon, value, testId }) => (
          <StatCard
            key={label}
            label={label}
            icon={icon}
            loading={isLoading}
            value={data ? value(data) : '-'}
            testId={testId}
          />
        ))}
      </div>

      {data && (data.overdueOrders > 0 || data.dueSoonOrders > 0) && (
        <div className="flex flex-wrap gap-2" data-testid="dashboard-deadlines">
          {data.overdueOrders > 0 && (
            <Link
              to="/admin/orders?deadline=overdue"
              className={cn(
                buttonVariants({ variant: 'outline', size: 'sm' }),
                'border-destructive/60 text-destructive',
              )}
            >
              <TriangleAlert aria-hidden />
              {data.overdueOrders} overdue
            </Link>
          )}
          {data.dueSoonOrders > 0 && (
            <Link
              to="/admin/orders?deadline=due_soon"
              className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'border-warning/60 text-warning')}
            >
              <AlarmClock aria-hidden />
              {data.dueSoonOrders} due within 12 h
            </Link>
          )}
        </div>
      )}

      <Card>
        <CardHeader className="flex-row items-center justify-between gap-4">
          <div className="space-y-1.5">
            <CardTitle>{DASHBOARD_TEXTS.recentOrders}</CardTitle>
            <CardDescription>The latest orders placed.</CardDescription>
          </div>
          <Link to="/admin/orders" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {DASHBOARD_TEXTS.viewAllOrders}
            <ArrowRight aria-hidden />
          </Link>
        </CardHeader>
        <CardContent>
          <ListStates
            query={stats}
            what="the recent orders"
            rows={(d) => d.recentOrders}
            empty={EMPTY_TEXTS.recentOrders}
            emptyClassName="py-8"
          >
            {(orders) => <RecentOrders orders={orders} />}
          </ListStates>
        </CardContent>
      </Card>

      <div className="grid gap-4 md:grid-cols-3">
        {ACTIONS.map(({ title, description, to, icon: Icon }) => (
          <Link
            key={title}
            to={to}
            className="group rounded-xl border border-border bg-card p-6 transition-colors outline-none hover:border-primary/60 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="mb-4 flex size-10 items-center justify-center rounded-lg bg-primary/15 text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <p className="font-semibold">{title}</p>
            <p className="mt-1 text-sm text-muted-foreground">{description}</p>
          </Link>
        ))}
      </div>
    </div>
  );
}

/** The latest orders, one line each. */
function RecentOrders({ orders }: { orders: DashboardStats['recentOrders'] }) {
  return (
    <ul className="divide-y divide-border">
      {orders.map((order) => (
        <li key={order.id} data-testid="recent-order" className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
          <span className="font-mono text-sm">#{shortId(order.id)}</span>
          <span className="min-w-0 flex-1 truncate text-sm text-muted-foreground">{order.customerEmail}</span>
          <OrderStatusBadge status={order.status} />
          <span className="w-24 text-right text-sm font-medium tabular-nums">{formatRand(order.total)}</span>
          <span className="w-36 text-right text-xs text-muted-foreground">{formatOrderDate(order.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}
