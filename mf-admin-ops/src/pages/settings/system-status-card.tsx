import { SYSTEM_CHECK_LABELS, formatOrderDate } from '@mastering/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  failedLoad,
  LoadError,
  serverErrorText,
  Skeleton,
  toast,
} from '@mastering/ui';
import { Eraser, RefreshCw } from 'lucide-react';
import { useClearCache, useSystemStatus } from '../../api/settings';
import { BackupDatabaseButton } from './backup-button';

/** Settings → System Status: each part checked live (online or offline, with its latency), Check again and Clear Cache. */
export function SystemStatusCard() {
  const status = useSystemStatus();
  const clearCache = useClearCache();
  const clear = () =>
    clearCache.mutate(undefined, {
      onSuccess: ({ cleared }) => toast({ title: 'Cache cleared', description: cleared.join(', ') }),
      onError: (e) =>
        toast({
          title: 'Could not clear the cache',
          description: serverErrorText(e, 'Try again.'),
          variant: 'destructive',
        }),
    });
  const failed = failedLoad(status, 'the system status');
  return (
    <Card data-testid="system-status">
      <CardHeader className="flex-row flex-wrap items-start gap-2">
        <div className="mr-auto space-y-1.5">
          <CardTitle>System Status</CardTitle>
          <CardDescription>
            {status.data ? `Checked ${formatOrderDate(status.data.checkedAt)}` : 'Live checks of each part.'}
          </CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void status.refetch()}
          disabled={status.isFetching}
          data-testid="system-status-refresh"
        >
          <RefreshCw className={cn(status.isFetching && 'animate-spin')} aria-hidden />
          Check again
        </Button>
        <Button variant="outline" size="sm" onClick={clear} disabled={clearCache.isPending} data-testid="clear-cache">
          <Eraser aria-hidden />
          Clear Cache
        </Button>
        <BackupDatabaseButton />
      </CardHeader>
      <CardContent>
        {failed ? (
          <LoadError {...failed} />
        ) : !status.data ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <ul className="divide-y divide-border text-sm">
            {status.data.checks.map((check) => (
              <li
                key={check.name}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2"
                data-testid="system-check"
              >
                <span className="w-36 font-medium">{SYSTEM_CHECK_LABELS[check.name]}</span>
                <Badge variant={check.status === 'online' ? 'success' : 'destructive'}>
                  {check.status === 'online' ? 'Online' : 'Offline'}
                </Badge>
                <span className="w-16 text-right tabular-nums text-muted-foreground">{check.latencyMs} ms</span>
                <span className="text-muted-foreground">{check.note}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
