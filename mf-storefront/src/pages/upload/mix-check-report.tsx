import { MIX_CHECK_TEXTS, objectKeyOfPath, uploadIdOfKey, type MixCheck } from '@mastering/contracts';
import { MixCheckFindings } from '@mastering/ui';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';

/** How often the page asks whether a track's check is done (the check takes seconds). */
const POLL_MS = 2_000;

/**
 * The mix check of one uploaded track, shown under it as soon as the server has measured it (polled
 * while pending). Advice only: nothing here stops the order, and removing the track replaces it.
 */
export function MixCheckReport({ objectPath }: { objectPath: string }) {
  const uploadId = uploadIdOfKey(objectKeyOfPath(objectPath));
  const check = useQuery<MixCheck>({
    queryKey: [`/api/files/upload/${uploadId}/mix-check`],
    enabled: uploadId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLL_MS : false),
    // A check asked for before its row exists answers 404 briefly: keep asking, a little.
    retry: 3,
  });
  const data = check.data;
  return (
    <section
      className="space-y-1.5 pt-1"
      aria-label={MIX_CHECK_TEXTS.heading}
      data-testid="mix-check"
      data-status={data?.status ?? 'pending'}
    >
      <p className="text-xs font-semibold">{MIX_CHECK_TEXTS.heading}</p>
      {(!data || data.status === 'pending') && !check.isError && (
        <p className="flex items-center gap-1 text-xs text-muted-foreground">
          <LoaderCircle className="size-3 animate-spin" aria-hidden />
          {MIX_CHECK_TEXTS.pending}
        </p>
      )}
      {(check.isError || data?.status === 'error') && (
        <p className="text-xs text-muted-foreground" data-testid="mix-check-error">
          {data?.errorReason ?? MIX_CHECK_TEXTS.notChecked}
        </p>
      )}
      {data?.report && (
        <>
          <p className="text-xs text-muted-foreground">{MIX_CHECK_TEXTS.intro}</p>
          <MixCheckFindings report={data.report} />
        </>
      )}
    </section>
  );
}
