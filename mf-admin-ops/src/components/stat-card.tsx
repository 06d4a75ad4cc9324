import { Card, CardContent, CardDescription, CardHeader, Skeleton } from '@mastering/ui';
import type { LucideIcon } from 'lucide-react';

/** One counter of a list screen: label, icon and a figure (a skeleton while loading). */
export function StatCard({ label, value, icon: Icon, loading, testId }: { label: string; value: string; icon: LucideIcon; loading?: boolean; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardDescription className="font-medium">{label}</CardDescription>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>{loading ? <Skeleton className="h-8 w-20" /> : <p className="text-2xl font-bold tabular-nums">{value}</p>}</CardContent>
    </Card>
  );
}
