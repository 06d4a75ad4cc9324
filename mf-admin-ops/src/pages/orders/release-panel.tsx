import { RELEASE_CHOICE_LABELS, type StaffRevision } from '@mastering/contracts';
import { Badge, Button, Skeleton } from '@mastering/ui';
import { ArrowDown, ArrowUp, TriangleAlert } from 'lucide-react';
import { useCoherence, useRelease, useReorderRelease } from '../../api/releases';

// An order's release as one unit for the engineer (issue 55): running order with gaps and the anchor,
// notes, reference tracks, and once masters exist the coherence table beside the anchor.

const gapText = (gap: number | null) => (gap === null ? 'No gap' : `${gap} s`);
const lu = (n: number | null | undefined, signed = false) =>
  n == null ? '—' : `${signed && n > 0 ? '+' : ''}${n.toFixed(1)}`;

/** The release section of the order dialog and of Audio Files; nothing for an order of singles. */
export function ReleasePanel({
  orderId,
  hasMasters,
  revisions = [],
}: {
  orderId: string;
  hasMasters: boolean;
  revisions?: readonly Pick<StaffRevision, 'fileId'>[];
}) {
  const { data, isLoading } = useRelease(orderId);
  const reorder = useReorderRelease(orderId);
  const release = data?.release;
  if (isLoading) return <Skeleton className="h-24 w-full" />;
  if (!release) return null;
  const ids = release.tracks.map((t) => t.fileId);
  const move = (from: number, to: number) => {
    const next = [...ids];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id!);
    reorder.mutate(next);
  };
  const nameOf = (fileId: string | null) =>
    fileId ? (release.tracks.find((t) => t.fileId === fileId)?.originalName ?? '') : 'The whole release';
  return (
    <section className="space-y-3" data-testid="release-panel">
      <h3 className="font-semibold">
        {RELEASE_CHOICE_LABELS[release.kind]}: {release.artist} – {release.title}
      </h3>
      {release.notes && <p className="whitespace-pre-wrap">{release.notes}</p>}
      <ol className="divide-y divide-border rounded-lg border border-border" data-testid="release-running-order">
        {release.tracks.map((t, i) => (
          <li key={t.fileId} className="flex flex-wrap items-center gap-2 px-3 py-2" data-testid="release-track">
            <span className="w-6 tabular-nums text-muted-foreground">{String(t.number).padStart(2, '0')}</span>
            <span className="min-w-0 flex-1 truncate">{t.originalName}</span>
            <span className="text-muted-foreground">Gap before: {gapText(t.gapSeconds)}</span>
            {t.anchor && <Badge variant="secondary">Anchor</Badge>}
            {t.anchor && revisions.some((r) => r.fileId === t.fileId) && (
              <Badge variant="warning" data-testid="anchor-revision">
                Anchor revised: may move the others
              </Badge>
            )}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Move ${t.originalName} up`}
              disabled={i === 0 || reorder.isPending}
              onClick={() => move(i, i - 1)}
            >
              <ArrowUp aria-hidden />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Move ${t.originalName} down`}
              disabled={i === ids.length - 1 || reorder.isPending}
              onClick={() => move(i, i + 1)}
            >
              <ArrowDown aria-hidden />
            </Button>
            {t.notes && <p className="w-full pl-8 text-muted-foreground">{t.notes}</p>}
          </li>
        ))}
      </ol>
      {release.references.length > 0 && (
        <div className="space-y-1" data-testid="release-references">
          <h4 className="font-medium">Reference tracks</h4>
          <ul className="space-y-1">
            {release.references.map((r) => (
              <li key={r.id}>
                <strong>{r.originalName}</strong> for {nameOf(r.fileId)}
                {r.takes.length > 0 && ` · take its ${r.takes.join(', ')}`}
                {r.note && ` · “${r.note}”`}
                {r.url && (
                  <audio
                    controls
                    preload="none"
                    src={r.url}
                    className="mt-1 h-8 w-full"
                    aria-label={`Play ${r.originalName}`}
                  />
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {hasMasters && <Coherence orderId={orderId} />}
    </section>
  );
}

/** The coherence table: each master beside the anchor's, tracks past the tolerance flagged. */
function Coherence({ orderId }: { orderId: string }) {
  const { data, isLoading } = useCoherence(orderId, true);
  if (isLoading) return <Skeleton className="h-24 w-full" />;
  if (!data) return null;
  const cell = (value: string) => <td className="px-2 py-1 text-right tabular-nums">{value}</td>;
  return (
    <div className="space-y-1 overflow-x-auto">
      <h4 className="font-medium">Coherence (tolerance {data.toleranceLu} LU from the anchor)</h4>
      <table className="w-full text-xs" data-testid="coherence-table">
        <thead className="text-muted-foreground">
          <tr>
            <th className="px-2 py-1 text-left">Track</th>
            <th className="px-2 py-1 text-right">Integrated LUFS</th>
            <th className="px-2 py-1 text-right">vs anchor</th>
            <th className="px-2 py-1 text-right">Short-term max</th>
            <th className="px-2 py-1 text-right">LRA</th>
            <th className="px-2 py-1 text-right">Low / mid / high dB</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={row.fileId} data-testid="coherence-row" data-flagged={row.flagged}>
              <td className="px-2 py-1">
                {String(row.number).padStart(2, '0')} {row.originalName}{' '}
                {row.anchor && <Badge variant="secondary">Anchor</Badge>}
                {row.flagged && (
                  <Badge variant="warning" data-testid="coherence-flag">
                    <TriangleAlert className="size-3" aria-hidden /> strays from the anchor
                  </Badge>
                )}
              </td>
              {cell(lu(row.measure?.integratedLufs))}
              {cell(row.anchor ? '' : lu(row.integratedDeltaLu, true))}
              {cell(lu(row.measure?.shortTermMaxLufs))}
              {cell(lu(row.measure?.loudnessRangeLu))}
              {cell(
                row.measure
                  ? `${lu(row.measure.balance.lowDb)} / ${lu(row.measure.balance.midDb)} / ${lu(row.measure.balance.highDb)}`
                  : 'No master yet',
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
