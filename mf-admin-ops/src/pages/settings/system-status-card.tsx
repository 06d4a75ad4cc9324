import { SYSTEM_CHECK_LABELS, formatOrderDate, type EmailHealth } from '@mastering/contracts';
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
import { useMailRelayCheck } from '../../api/mail-relay';
import { useClearCache, useSystemStatus } from '../../api/settings';
import { BackupDatabaseButton } from './backup-button';

/** Settings → System Status: each part checked live (online or offline, with its latency), Check again and Clear Cache. */
export function SystemStatusCard() {
  const status = useSystemStatus();
  const relay = useMailRelayCheck();
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
          onClick={() => {
            void status.refetch();
            void relay.refetch();
          }}
          disabled={status.isFetching || relay.isFetching}
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
              <CheckRow
                key={check.name}
                label={SYSTEM_CHECK_LABELS[check.name]}
                state={check.status}
                latencyMs={check.latencyMs}
                note={check.note}
              />
            ))}
            <MailRelayRow check={relay.data} failed={relay.isError} />
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

type CheckState = 'online' | 'offline' | 'checking';
const STATE_BADGES: Record<CheckState, { text: string; variant: 'success' | 'destructive' | 'secondary' }> = {
  online: { text: 'Online', variant: 'success' },
  offline: { text: 'Offline', variant: 'destructive' },
  checking: { text: 'Checking', variant: 'secondary' },
};

/** One part's row: its name, Online, Offline or Checking, the check's latency and a plain-words note. */
function CheckRow({
  label,
  state,
  latencyMs,
  note,
}: {
  label: string;
  state: CheckState;
  latencyMs: number | null;
  note: string;
}) {
  const badge = STATE_BADGES[state];
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2" data-testid="system-check">
      <span className="w-36 font-medium">{label}</span>
      <Badge variant={badge.variant}>{badge.text}</Badge>
      <span className="w-16 text-right tabular-nums text-muted-foreground">
        {latencyMs === null ? '–' : `${latencyMs} ms`}
      </span>
      <span className="text-muted-foreground">{note}</span>
    </li>
  );
}

/** What the mail relay row says: only reachable, refused, TLS failed or timed out (never the server's words). */
const RELAY_NOTES: Record<EmailHealth['check'], string> = {
  reachable: 'Reachable',
  refused: 'Refused the connection or the login',
  'TLS failed': 'TLS failed',
  'timed out': 'Timed out',
};

/** The mail relay's row, from the email service's SMTP check (checking while it runs). */
function MailRelayRow({ check, failed }: { check: EmailHealth | undefined; failed: boolean }) {
  if (!check)
    return (
      <CheckRow
        label={SYSTEM_CHECK_LABELS.mailRelay}
        state={failed ? 'offline' : 'checking'}
        latencyMs={null}
        note={failed ? 'The email service did not answer' : 'Checking the SMTP relay'}
      />
    );
  return (
    <CheckRow
      label={SYSTEM_CHECK_LABELS.mailRelay}
      state={check.check === 'reachable' ? 'online' : 'offline'}
      latencyMs={check.latencyMs}
      note={RELAY_NOTES[check.check]}
    />
  );
}
