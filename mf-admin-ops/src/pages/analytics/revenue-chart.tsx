import { formatRand, type AnalyticsResponse } from '@mastering/contracts';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-11-03" as "3 Nov" (a month bucket as "Nov 2026"). */
const label = (date: string, monthly: boolean) => {
  const [y, m, d] = date.split('-').map(Number);
  return monthly ? `${MONTHS[m - 1]} ${y}` : `${d} ${MONTHS[m - 1]}`;
};

/** The revenue trend, net of refunds (recharts; loaded only when the analytics screen draws it). */
export default function RevenueChart({
  points,
  monthly,
}: {
  points: AnalyticsResponse['revenueByPeriod'];
  monthly: boolean;
}) {
  return (
    <div
      className="h-72 w-full"
      data-testid="revenue-chart"
      role="img"
      aria-label={`Net revenue per ${monthly ? 'month' : 'period'}: ${points.length} points`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="revenue-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--color-primary)" stopOpacity={0.45} />
              <stop offset="100%" stopColor="var(--color-primary)" stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(d: string) => label(d, monthly)}
            stroke="var(--color-muted-foreground)"
            fontSize={12}
            tickLine={false}
            minTickGap={24}
          />
          <YAxis
            tickFormatter={(v: number) => formatRand(v)}
            stroke="var(--color-muted-foreground)"
            fontSize={12}
            tickLine={false}
            width={72}
          />
          <Tooltip
            contentStyle={{
              background: 'var(--color-card)',
              border: '1px solid var(--color-border)',
              borderRadius: 8,
              color: 'var(--color-card-foreground)',
            }}
            labelFormatter={(d) => label(String(d), monthly)}
            formatter={(value, name) =>
              name === 'revenue' ? [formatRand(Number(value)), 'Net revenue'] : [String(value), 'Orders']
            }
          />
          <Area
            type="monotone"
            dataKey="revenue"
            stroke="var(--color-primary)"
            strokeWidth={2}
            fill="url(#revenue-fill)"
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
