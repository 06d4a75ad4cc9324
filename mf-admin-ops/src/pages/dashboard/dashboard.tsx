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
  Button,
  buttonVariants,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  errorMessage,
  Skeleton,
  toast,
  failedLoad,
  LoadError,
  type LoadErrorProps,
} from '@mastering/ui';
import {
  AlarmClock,
  ArrowRight,
  Banknote,
  Clock,
  FileHeadphone,
  RefreshCw,
  ShoppingCart,
  TriangleAlert,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useDashboardStats } from '../../api/dashboard';
import { OrderStatusBadge } from './order-status-badge';

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
  const { data, error, isLoading, isFetching, refetch } = stats;

  useEffect(() => {
    if (error) toast({ title: DASHBOARD_FETCH_FAILED, description: errorMessage(error), variant: 'destructive' });
  }, [error]);

  return (
    <div data-testid="page-dashboard" className="mx-auto w-full max-w-6xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{SCREEN_TITLES.dashboard}</h1>
          <p className="mt-1 text-sm text-muted-foreground">Orders, revenue and customers at a glance.</p>
        </div>
        <Button variant="outline" onClick={() => void refetch()} disabled={isFetching} data-testid="refresh-stats">
          <RefreshCw className={cn(isFetching && 'animate-spin')} aria-hidden />
          {DASHBOARD_TEXTS.refreshStats}
        </Button>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {STAT_CARDS.map(({ label, icon: Icon, value, testId }) => (
          <Card key={label} data-testid={testId}>
            <CardHeader className="flex-row items-center justify-between pb-2">
              <CardDescription className="font-medium">{label}</CardDescription>
              <Icon className="size-4 text-muted-foreground" aria-hidden />
            </CardHeader>
            <CardContent>
              {isLoading ? (
                <Skeleton className="h-8 w-24" />
              ) : (
                <p className="text-2xl font-bold tabular-nums">{data ? value(data) : '-'}</p>
              )}
            </CardContent>
          </Card>
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
          <RecentOrders stats={data} loading={isLoading} failed={failedLoad(stats, 'the recent orders')} />
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

function RecentOrders({
  stats,
  loading,
  failed,
}: {
  stats?: DashboardStats;
  loading: boolean;
  failed: LoadErrorProps | null;
}) {
  if (failed) return <LoadError {...failed} />;
  if (loading) {
    return (
      <div className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  const orders = stats?.recentOrders ?? [];
  if (orders.length === 0) {
    return <p className="py-8 text-center text-sm text-muted-foreground">{EMPTY_TEXTS.recentOrders}</p>;
  }
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
