import type { Campaign } from '@mastering/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const SERIES = [
  ['delivered', 'Delivered', '#6366f1'],
  ['opened', 'Opened', '#10b981'],
  ['clicked', 'Clicked', '#f59e0b'],
  ['bounced', 'Bounced', '#ef4444'],
] as const;

/** Delivery stats per sent campaign as grouped bars (loaded only when the Analytics tab opens). */
export default function CampaignChart({ campaigns }: { campaigns: Campaign[] }) {
  const data = campaigns.map((c) => ({
    name: c.subject.length > 18 ? `${c.subject.slice(0, 17)}…` : c.subject,
    ...c.deliveryStats,
  }));
  return (
    <div className="h-72 w-full" data-testid="campaign-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
          <XAxis dataKey="name" tick={{ fill: 'currentColor', fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fill: 'currentColor', fontSize: 12 }} />
          <Tooltip contentStyle={{ background: '#111827', border: 'none', color: '#f9fafb' }} />
          <Legend />
          {SERIES.map(([key, name, color]) => (
            <Bar key={key} dataKey={key} name={name} fill={color} radius={[3, 3, 0, 0]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
