import {
  formatRand,
  formatStudioTime,
  formatTrackTime,
  ORDER_STATUS_LABELS,
  REPLACE_TEXTS,
  RETENTION_TEXTS,
  shortId,
  TIMELINE_LABELS,
  timeLeftText,
  type CustomerOrderView,
  type OrderTrackView,
} from '@mastering/contracts';
import { ApiError, Badge, buttonVariants, serverErrorText, Spinner } from '@mastering/ui/core';
import { CircleCheck, Clock, Download, Link2Off, PackageSearch } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { checkingReplacement, useOrderView } from '../../api/order-page';
import { OutcomeCard, OutcomeFrame } from '../../components/outcome-frame';
import { PageFrame } from '../../components/page-frame';
import { AbPlayer } from './ab-player';
import { ReleasePlayer } from './release-player';
import { StreamingPreview } from './streaming-preview';
import { OrderMoney } from './order-money';
import { RatingForm } from './rating-form';
import { ReleasePackLink } from './release-pack';
import { RefundRequestForm } from './refund-request-form';
import { RevisionForm } from './revision-form';

// Only a flagged track offers Replace file, and its uploader (tus) is most of the page's script: it is
// fetched when such a track is shown, not on every visit.
const ReplaceFile = lazy(() => import('./replace-file').then((module) => ({ default: module.ReplaceFile })));

/** The customer's order page (`/orders/:id?t=<token>` from an order mail): status, due time, tracks, masters, revisions. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const { data, error, isLoading } = useOrderView(id, token);

  if (token && isLoading)
    return (
      <div className="flex min-h-[50vh] items-center justify-center" data-testid="page-order">
        <Spinner label="Loading your order…" />
      </div>
    );
  if (!token || error || !data) {
    const refused = !token || (error instanceof ApiError && [400, 403].includes(error.status));
    return (
      <OutcomeFrame
        testId="page-order"
        icon={Link2Off}
        tone="destructive"
        title={refused ? 'This order link does not work' : 'Order not found'}
        lead={serverErrorText(error, 'Open the link in one of your order emails, or ask for a new one.')}
      >
        <div className="flex justify-center" data-testid="order-link-invalid">
          <Link to="/track-order" className={buttonVariants({ variant: 'outline' })}>
            Track my order
          </Link>
        </div>
      </OutcomeFrame>
    );
  }
  return <OrderDetails order={data} token={token} />;
}

function OrderDetails({ order, token }: { order: CustomerOrderView; token: string }) {
  const delivered = order.tracks.some((t) => t.masters.length > 0);
  const paid = order.timeline.some((entry) => entry.step === 'paid' && entry.at !== null);
  return (
    <PageFrame testId="page-order">
      <div className="mx-auto w-full max-w-3xl space-y-6">
        <div className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight">Order #{shortId(order.id)}</h1>
          <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
            <Badge variant="secondary" data-testid="order-status">
              {ORDER_STATUS_LABELS[order.status]}
            </Badge>
            {order.trackCount} track{order.trackCount === 1 ? '' : 's'} · {formatRand(order.total)}
            {order.round > 0 && <span data-testid="order-round">· Revision round {order.round}</span>}
          </p>
        </div>
        {order.dueAt && (
          <p className="flex items-center gap-2 rounded-lg border border-border p-3" data-testid="order-due">
            <Clock className="size-5 text-primary" aria-hidden />
            <span>
              {order.round > 0 ? `Revision round ${order.round} due by` : 'Due by'} {formatStudioTime(order.dueAt)}{' '}
              <span className="text-muted-foreground">({timeLeftText(order.dueAt)})</span>
            </span>
          </p>
        )}
        <OutcomeCard title="Progress" testId="order-timeline">
          <ol className="grid gap-3 sm:grid-cols-4">
            {order.timeline.map((entry) => (
              <li key={entry.step} className="flex items-start gap-2" data-done={entry.at !== null}>
                {entry.at ? (
                  <CircleCheck className="size-5 shrink-0 text-success" aria-hidden />
                ) : (
                  <Clock className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <div>
                  <p className="font-medium">{TIMELINE_LABELS[entry.step]}</p>
                  <p className="text-sm text-muted-foreground">{entry.at ? formatStudioTime(entry.at) : 'Not yet'}</p>
                </div>
              </li>
            ))}
          </ol>
        </OutcomeCard>
        <OrderMoney order={order} />
        {order.revisions.closedReason && delivered && (
          <p className="text-sm text-muted-foreground" data-testid="revisions-closed">
            {order.revisions.closedReason}
          </p>
        )}
        <ReleasePlayer order={order} token={token} />
        {order.tracks.map((track) => (
          <TrackCard key={track.id} order={order} token={token} track={track} />
        ))}
        <ReleasePackLink url={order.releasePackUrl} />
        {/* Only delivered masters can be rated. */}
        {delivered && <RatingForm orderId={order.id} token={token} rating={order.rating} />}
        {delivered && (
          <p className="text-center text-sm text-muted-foreground" data-testid="retention-notice">
            {RETENTION_TEXTS.notice(order.retentionDays)}
          </p>
        )}
        {/* Only a paid order has anything to refund. */}
        {paid && <RefundRequestForm orderId={order.id} token={token} />}
        <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <PackageSearch className="size-4" aria-hidden />
          Lost this link?{' '}
          <Link to="/track-order" className="underline">
            Track my order
          </Link>{' '}
          emails you a new one.
        </p>
        <p className="text-center text-sm text-muted-foreground">
          <Link to="/your-data" className="underline">
            Your data
          </Link>
          : download what we hold about you, or ask us to delete it.
        </p>
      </div>
    </PageFrame>
  );
}

const lufs = (value: number | null | undefined) => (value == null ? 'not measured yet' : `${value.toFixed(1)} LUFS`);

function TrackCard({ order, token, track }: { order: CustomerOrderView; token: string; track: OrderTrackView }) {
  const [pinned, setPinned] = useState<number | null>(null);
  const latest = track.masters[0];
  return (
    <OutcomeCard title={track.originalName} testId="order-track">
      <div className="space-y-4">
        <p className="text-sm text-muted-foreground">
          {track.masteringStyle} style · {track.tone.toLowerCase()} tone · {track.loudness.toLowerCase()} loudness
          {track.volumeMatch === 'true' ? ' · volume matched' : ''} · original: {lufs(track.original?.integratedLufs)}
        </p>
        {track.needsReplacing && (
          <p role="alert" className="text-sm text-destructive" data-testid="track-needs-replacing">
            This upload needs replacing: {track.needsReplacing}
          </p>
        )}
        {track.replaceable && (
          <Suspense fallback={<Spinner />}>
            <ReplaceFile orderId={order.id} token={token} track={track} />
          </Suspense>
        )}
        {checkingReplacement(track) && (
          <p role="status" className="text-sm text-muted-foreground" data-testid="track-replaced">
            {REPLACE_TEXTS.measuring}
          </p>
        )}
        {track.audioDeleted && (
          <p className="text-sm text-muted-foreground" data-testid="audio-deleted">
            {RETENTION_TEXTS.deleted(order.retentionDays)}
          </p>
        )}
        {latest && (
          <>
            <p className="text-sm">
              <strong>Master v{latest.version}</strong> · {lufs(latest.loudness?.integratedLufs)}
            </p>
            <AbPlayer track={track} master={latest} onPin={setPinned} pinned={pinned} />
            <StreamingPreview master={latest} />
            <ul className="flex flex-wrap gap-2" data-testid="master-versions">
              {track.masters.map((m) => (
                <li key={m.version}>
                  <a
                    href={m.url}
                    download
                    className={buttonVariants({ variant: m === latest ? 'default' : 'outline', size: 'sm' })}
                    data-testid={`download-v${m.version}`}
                  >
                    <Download aria-hidden />
                    Download v{m.version}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
        {track.revisions.length > 0 && (
          <ul className="space-y-1 text-sm" data-testid="track-revisions">
            {track.revisions.map((r) => (
              <li key={r.id}>
                Round {r.round}
                {r.atSeconds !== null ? ` at ${formatTrackTime(r.atSeconds)}` : ''}: {r.note}
              </li>
            ))}
          </ul>
        )}
        {latest && !order.revisions.closedReason && (
          <RevisionForm
            orderId={order.id}
            token={token}
            track={track}
            allowance={order.revisions}
            pinned={pinned}
            onUnpin={() => setPinned(null)}
          />
        )}
      </div>
    </OutcomeCard>
  );
}
