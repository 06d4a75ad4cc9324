import { MIX_CHECK_TEXTS } from '@mastering/contracts';
import { cn, failedLoad, LoadError, MixCheckFindings, Skeleton } from '@mastering/ui';
import { useAudioFileMixCheck } from '../../api/mix-check';

/** Staff's copy of the check the customer read before paying: the same findings and advice. */
export function MixCheckPanel({ fileId, className }: { fileId: string; className?: string }) {
  const query = useAudioFileMixCheck(fileId);
  const failed = failedLoad(query, 'the mix check');
  if (failed) return <LoadError {...failed} className={className} />;
  if (!query.data) return <Skeleton className={cn('h-24 w-full', className)} />;
  const check = query.data.mixCheck;
  return (
    <section className={cn('space-y-2', className)} data-testid="admin-mix-check" data-status={check?.status ?? 'none'}>
      <h4 className="text-sm font-semibold">{MIX_CHECK_TEXTS.heading}</h4>
      {!check && <p className="text-sm text-muted-foreground">{MIX_CHECK_TEXTS.notChecked}</p>}
      {check?.status === 'pending' && <p className="text-sm text-muted-foreground">{MIX_CHECK_TEXTS.pending}</p>}
      {check?.status === 'error' && <p className="text-sm text-muted-foreground">{check.errorReason}</p>}
      {check?.report && <MixCheckFindings report={check.report} />}
    </section>
  );
}
