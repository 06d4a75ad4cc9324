import { formatMegabytes, type ReleasePackStatus } from '@mastering/contracts';
import { Badge, Button, serverErrorText, toast } from '@mastering/ui';
import { RotateCw } from 'lucide-react';
import { useReleasePack, useRetryReleasePack } from '../../api/release-pack';

const STATE_TEXT: Record<ReleasePackStatus['state'], string> = {
  none: '',
  rendering: 'Rendering: delivery waits until every file is ready.',
  ready: 'Every file is ready; it goes out with the delivery.',
  failed: 'A file failed: retry it before delivering.',
};

const level = (value: number | null, unit: string) => (value === null ? '–' : `${value.toFixed(1)} ${unit}`);

/**
 * The order dialog's release pack (issue 54): each rendered file of the newest masters with its state,
 * loudness and true peak, the reason of any failure, and a retry button. Nothing when none was bought.
 */
export function ReleasePackSection({ orderId }: { orderId: string }) {
  const pack = useReleasePack(orderId);
  const retry = useRetryReleasePack(orderId);
  if (!pack.data || pack.data.state === 'none') return null;
  const { state, files } = pack.data;
  return (
    <section className="space-y-2" data-testid="order-release-pack" data-state={state}>
      <h3 className="font-semibold">Release pack</h3>
      <p className="text-muted-foreground">{STATE_TEXT[state]}</p>
      {files.length === 0 ? (
        <p className="text-muted-foreground">Rendered once a master is uploaded.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2" data-testid="pack-file">
              <span className="min-w-0 flex-1 truncate">{f.name ?? f.label}</span>
              <span className="text-xs text-muted-foreground">v{f.masterVersion}</span>
              {f.status === 'ready' && (
                <span className="text-xs text-muted-foreground tabular-nums">
                  {level(f.integratedLufs, 'LUFS')} · {level(f.truePeakDbtp, 'dBTP')} ·{' '}
                  {f.size === null ? '' : formatMegabytes(f.size)}
                </span>
              )}
              <Badge variant={f.status === 'ready' ? 'success' : f.status === 'failed' ? 'destructive' : 'outline'}>
                {f.status === 'ready' ? 'Ready' : f.status === 'failed' ? 'Failed' : 'Rendering'}
              </Badge>
              {f.error && (
                <p className="w-full text-xs text-destructive" data-testid="pack-file-error">
                  {f.error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {state === 'failed' && (
        <Button
          size="sm"
          variant="outline"
          disabled={retry.isPending}
          data-testid="pack-retry"
          onClick={() =>
            retry.mutate(undefined, {
              onError: (e) =>
                toast({
                  title: 'Could not retry',
                  description: serverErrorText(e, 'Try again.'),
                  variant: 'destructive',
                }),
            })
          }
        >
          <RotateCw aria-hidden />
          Retry the release pack
        </Button>
      )}
    </section>
  );
}
