import { Card, CardContent, CardDescription, CardHeader, Skeleton } from '@mastering/ui';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One figure of a screen's card row, with a skeleton while the figures load. */
export function StatCard({
  label,
  value,
  icon: Icon,
  loading,
  hint,
  testId,
}: {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
  loading?: boolean;
  hint?: ReactNode;
  testId?: string;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardDescription className="font-medium">{label}</CardDescription>
        {Icon && <Icon className="size-4 text-muted-foreground" aria-hidden />}
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-8 w-24" />
        ) : (
          <p className="text-xl font-bold tabular-nums sm:text-2xl" data-testid={testId && `${testId}-value`}>
            {value}
          </p>
        )}
        {hint && !loading && <div className="mt-1 text-xs text-muted-foreground">{hint}</div>}
      </CardContent>
    </Card>
  );
}
