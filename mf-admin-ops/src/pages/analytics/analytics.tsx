import { lazy, Suspense, useState } from 'react';
import {
  ANALYTICS_FETCH_FAILED,
  DELIVERY_HOURS,
  EMPTY_TEXTS,
  formatRand,
  ORDER_STATUS_LABELS,
  SCREEN_TITLES,
  TREND_BUCKETS,
  type AnalyticsResponse,
  type OrderStatus,
} from '@mastering/contracts';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  ScreenHeader,
  Select,
  Skeleton,
  Tab,
  TabList,
  TabPanel,
  TabPanels,
  Tabs,
  failedLoad,
  LoadError,
} from '@mastering/ui';
import { Banknote, Percent, ShoppingCart, TrendingUp, type LucideIcon } from 'lucide-react';
import { useAnalytics } from '../../api/analytics';
import { DATE_RANGE_OPTIONS, type DateRangeValue } from '../../components/date-range';
import { RefreshButton, useFailureToast } from '../../components/screen';
import { StatCard } from '../../components/stat-card';
import { RatingsCard } from './ratings-card';

// The chart library is fetched only when a chart is drawn.
const RevenueChart = lazy(() => import('./revenue-chart'));

const STATUS_DOT: Record<OrderStatus, string> = {
  pending_payment: 'bg-warning',
  payment_confirmed: 'bg-sky-500',
  in_progress: 'bg-primary',
  mastered: 'bg-violet-400',
  delivered: 'bg-success',
  revision_requested: 'bg-amber-500',
  cancelled: 'bg-destructive',
  refund_pending: 'bg-orange-400',
  refunded: 'bg-slate-400',
  expired: 'bg-muted-foreground',
};

const KPIS: {
  label: string;
  icon: LucideIcon;
  value: (o: AnalyticsResponse['overview']) => string;
  growth: (o: AnalyticsResponse['overview']) => number;
  testId: string;
}[] = [
  {
    label: 'Total Revenue',
    icon: Banknote,
    value: (o) => formatRand(o.totalRevenue),
    growth: (o) => o.revenueGrowth,
    testId: 'kpi-revenue',
  },
  {
    label: 'Total Orders',
    icon: ShoppingCart,
    value: (o) => String(o.totalOrders),
    growth: (o) => o.ordersGrowth,
    testId: 'kpi-orders',
  },
  {
    label: 'Avg Order Value',
    icon: TrendingUp,
    value: (o) => formatRand(o.avgOrderValue),
    growth: (o) => o.avgOrderGrowth,
    testId: 'kpi-aov',
  },
  {
    label: 'Conversion Rate',
    icon: Percent,
    value: (o) => `${o.conversionRate.toFixed(1)}%`,
    growth: (o) => o.conversionGrowth,
    testId: 'kpi-conversion',
  },
];

/** Growth against the previous period: green with a plus sign from 0 up, red below, one decimal. */
function Growth({ value }: { value: number }) {
  return (
    <span className={cn('font-medium', value >= 0 ? 'text-success' : 'text-red-700 dark:text-red-400')}>
      {`${value >= 0 ? '+' : ''}${value.toFixed(1)}%`} vs previous period
    </span>
  );
}

/** Analytics & Reports: KPIs with growth, the revenue trend chart, genres, order statuses, processing and customer metrics. */
export default function AnalyticsPage() {
  const [period, setPeriod] = useState<DateRangeValue>('30');
  const days = Number(period) as keyof typeof TREND_BUCKETS;
  const analytics = useAnalytics(days);
  const { data, isLoading } = analytics;
  const failed = failedLoad(analytics, 'the analytics');
  useFailureToast(ANALYTICS_FETCH_FAILED, analytics.error);

  return (
    <div data-testid="page-analytics" className="mx-auto w-full max-w-6xl space-y-6">
      <ScreenHeader
        title={SCREEN_TITLES.analytics}
        description="Every figure is computed from the orders, payments and status history in the database."
      >
        <Select
          className="w-44"
          value={period}
          onChange={setPeriod}
          options={DATE_RANGE_OPTIONS}
          data-testid="analytics-period"
        />
        <RefreshButton query={analytics} testId="analytics-refresh" />
      </ScreenHeader>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {KPIS.map((k) => (
          <StatCard
            key={k.label}
            label={k.label}
            icon={k.icon}
            loading={isLoading}
            testId={k.testId}
            value={data ? k.value(data.overview) : '-'}
            hint={data && <Growth value={k.growth(data.overview)} />}
          />
        ))}
      </div>

      {failed ? (
        <LoadError {...failed} />
      ) : isLoading || !data ? (
        <Skeleton className="h-96 w-full" />
      ) : (
        <Tabs>
          <TabList className="h-auto max-w-full flex-wrap">
            <Tab>Overview</Tab>
            <Tab>Orders</Tab>
            <Tab>Customers</Tab>
            <Tab>Performance</Tab>
          </TabList>
          <TabPanels>
            <TabPanel className="grid gap-4 lg:grid-cols-3">
              <Card className="lg:col-span-2">
                <CardHeader>
                  <CardTitle>Revenue trend</CardTitle>
                  <CardDescription>
                    Paid revenue net of refunds per {TREND_BUCKETS[days]}, {data.revenueByPeriod.length} data points.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                    <RevenueChart points={data.revenueByPeriod} monthly={TREND_BUCKETS[days] === 'month'} />
                  </Suspense>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Top Genres</CardTitle>
                  <CardDescription>By paid orders in the period.</CardDescription>
                </CardHeader>
                <CardContent>
                  {data.topGenres.length === 0 ? (
                    <p className="text-sm text-muted-foreground">{EMPTY_TEXTS.genres}</p>
                  ) : (
                    <ol className="space-y-3" data-testid="top-genres">
                      {data.topGenres.map((g, i) => (
                        <li key={g.genre} className="flex items-center gap-3 text-sm">
                          <span className="flex size-6 items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary">
                            {i + 1}
                          </span>
                          <span className="min-w-0 flex-1">
                            <span className="block font-medium">{g.genre}</span>
                            <span className="block text-xs text-muted-foreground">
                              {g.orders} order{g.orders === 1 ? '' : 's'}
                            </span>
                          </span>
                          <span className="text-right tabular-nums">{formatRand(g.revenue)}</span>
                        </li>
                      ))}
                    </ol>
                  )}
                </CardContent>
              </Card>
            </TabPanel>
            <TabPanel className="grid gap-4 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>Orders by Status</CardTitle>
                  <CardDescription>Every order placed in the period.</CardDescription>
                </CardHeader>
                <CardContent>
                  {data.ordersByStatus.length === 0 ? (
                    <p className="text-sm text-muted-foreground">{EMPTY_TEXTS.orderStatuses}</p>
                  ) : (
                    <ul className="space-y-3" data-testid="orders-by-status">
                      {data.ordersByStatus.map((s) => (
                        <li key={s.status} className="flex items-center gap-3 text-sm">
                          <span className={cn('size-2.5 rounded-full', STATUS_DOT[s.status])} aria-hidden />
                          <span className="flex-1">{ORDER_STATUS_LABELS[s.status]}</span>
                          <span className="text-muted-foreground">{s.percentage.toFixed(1)}%</span>
                          <span className="w-10 text-right font-medium tabular-nums">{s.count}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
              <ProcessingCard metrics={data.processingMetrics} />
            </TabPanel>
            <TabPanel className="grid gap-4 sm:grid-cols-3">
              <StatCard
                label="New customers"
                value={data.customerMetrics.newCustomers}
                hint="First paid order in this period"
                testId="customers-new"
              />
              <StatCard
                label="Returning customers"
                value={data.customerMetrics.returningCustomers}
                hint="Paid now and before this period"
              />
              <StatCard
                label="Retention rate"
                value={`${data.customerMetrics.customerRetentionRate.toFixed(1)}%`}
                hint="Of the previous period's paying customers, paid again"
              />
            </TabPanel>
            <TabPanel className="grid gap-4 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>Business</CardTitle>
                </CardHeader>
                <CardContent className="space-y-2 text-sm">
                  <Row label="Revenue" value={formatRand(data.overview.totalRevenue)} />
                  <Row label="Paid orders" value={String(data.overview.totalOrders)} />
                  <Row label="Checkout conversion" value={`${data.overview.conversionRate.toFixed(1)}%`} />
                  <Row label="Customer retention" value={`${data.customerMetrics.customerRetentionRate.toFixed(1)}%`} />
                </CardContent>
              </Card>
              <ProcessingCard metrics={data.processingMetrics} />
              <RatingsCard days={days} />
            </TabPanel>
          </TabPanels>
        </Tabs>
      )}
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <span className="text-muted-foreground">{label}</span>
      <span className="font-medium tabular-nums">{value}</span>
    </div>
  );
}

function ProcessingCard({ metrics }: { metrics: AnalyticsResponse['processingMetrics'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Processing Metrics</CardTitle>
        <CardDescription>
          From payment to delivery, over {metrics.deliveredOrders} deliveries in the period.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 text-sm" data-testid="processing-metrics">
        <Row
          label="Average processing time"
          value={metrics.deliveredOrders ? `${metrics.avgProcessingTime.toFixed(1)} hours` : 'No deliveries yet'}
        />
        <Row
          label={`On-time delivery (within ${DELIVERY_HOURS} h)`}
          value={metrics.deliveredOrders ? `${metrics.onTimeDelivery.toFixed(1)}%` : 'No deliveries yet'}
        />
        <Row
          label="Customer satisfaction"
          value={
            metrics.customerSatisfaction === null
              ? 'Not measured: no ratings in this period'
              : `${metrics.customerSatisfaction.toFixed(1)} / 5 (${metrics.ratings} rating${metrics.ratings === 1 ? '' : 's'})`
          }
        />
      </CardContent>
    </Card>
  );
}
