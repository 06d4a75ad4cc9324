import {
  DELIVERY_NEEDS_MASTERS,
  formatMegabytes,
  formatOrderDate,
  formatTrackTime,
  formatRand,
  humanizeStatus,
  ORDER_STATUS_LABELS,
  ORDER_TEXTS,
  shortId,
  transitionsFor,
  UpdateOrderStatusBody,
  type AdminOrder,
  type OrderStatus,
} from '@mastering/contracts';
import {
  Badge,
  Button,
  checkForm,
  Dialog,
  Label,
  Select,
  Skeleton,
  Textarea,
  toast,
  failedLoad,
  LoadError,
} from '@mastering/ui';
import { CircleCheck, FileAudio, MessageSquare, UserCheck, UserMinus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAssignOrder, useMe, useOrder, useUpdateOrderStatus } from '../../api/orders';
import { DeadlineBadge } from '../../components/deadline-badge';
import { RefundSection } from '../../components/refund-section';
import { OrderStatusBadge } from '../dashboard/order-status-badge';
import { ExpectedTime } from './expected-time';
import { RevokeOrderLinks } from './order-links';
import { MixCheckPanel } from '../../components/audio-analysis/mix-check-panel';
import { MasterVersions } from './master-versions';
import { RefundRequests } from './refund-requests';
import { ReleasePackSection } from './release-pack';
import { ReleasePanel } from './release-panel';

/**
 * The order detail dialog: customer (with Contact Customer for admins), summary, clock, engineer,
 * files with their master versions' loudness, status history and Update Status.
 */
export function OrderDialog({
  orderId,
  onClose,
  onContactCustomer,
}: {
  orderId: string | null;
  onClose: () => void;
  /** Opens Send Message to the order's customer (the message is sent by mail and kept in their history). */
  onContactCustomer?: (email: string) => void;
}) {
  const query = useOrder(orderId);
  // Messages go through the admin customers API, so only admins get the button.
  const isAdmin = useMe()?.role === 'admin';
  const { data, isLoading } = query;
  const failed = failedLoad(query, 'this order');
  const order = data?.order;
  return (
    <Dialog
      open={orderId !== null}
      onClose={onClose}
      title={order ? `Order #${shortId(order.id)}` : 'Order'}
      className="max-w-2xl"
      data-testid="order-dialog"
    >
      {isLoading && <Skeleton className="h-64 w-full" />}
      {failed && <LoadError {...failed} />}
      {order && data && (
        <div className="space-y-6 text-sm">
          <section className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1">
              <h3 className="font-semibold">Customer</h3>
              <p className="break-all" data-testid="order-customer">
                {order.customerEmail}
              </p>
              <p className="text-muted-foreground">Placed {formatOrderDate(order.createdAt)}</p>
              <div className="flex items-center gap-2 pt-1">
                <OrderStatusBadge status={order.status} />
                <DeadlineBadge dueAt={order.dueAt} deadline={order.deadline} />
              </div>
              {isAdmin && onContactCustomer && (
                <Button
                  size="sm"
                  variant="outline"
                  className="mt-2"
                  onClick={() => onContactCustomer(order.customerEmail)}
                  data-testid="order-contact-customer"
                >
                  <MessageSquare aria-hidden />
                  Contact Customer
                </Button>
              )}
            </div>
            <div className="space-y-1">
              <h3 className="font-semibold">Order summary</h3>
              <SummaryLine label="Subtotal" value={formatRand(order.subtotal)} />
              <SummaryLine label={`Discount (${order.discountPercent}%)`} value={`-${formatRand(order.discount)}`} />
              <SummaryLine label="Total" value={formatRand(order.total)} strong />
              {order.paidAt && (
                <a
                  href={`/api/admin/orders/${order.id}/invoice`}
                  download
                  className="inline-block pt-1 text-primary underline"
                  data-testid="order-invoice"
                >
                  Download invoice (PDF)
                </a>
              )}
            </div>
          </section>

          <Assignment order={order} />

          <ReleasePanel
            orderId={order.id}
            hasMasters={order.files.some((f) => f.masteredFilePath)}
            revisions={data.revisions}
          />

          <section className="space-y-2">
            <h3 className="font-semibold">Audio files ({order.files.length})</h3>
            <ul className="divide-y divide-border rounded-lg border border-border">
              {order.files.map((file) => (
                <li
                  key={file.id}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
                  data-testid="order-file"
                >
                  <FileAudio className="size-4 text-muted-foreground" aria-hidden />
                  <span className="min-w-0 flex-1 truncate">{file.originalName}</span>
                  <span className="text-muted-foreground tabular-nums">{formatMegabytes(file.fileSize)}</span>
                  <Badge variant={file.masteredFilePath ? 'success' : 'outline'}>
                    {file.masteredFilePath ? 'Master ready' : humanizeStatus(file.processingStatus)}
                  </Badge>
                  {file.replacedAt && (
                    <p className="w-full pl-7 text-xs text-muted-foreground" data-testid="order-file-replaced">
                      The customer replaced this file {formatOrderDate(file.replacedAt)}
                    </p>
                  )}
                  <MasterVersions versions={data.masters.filter((m) => m.fileId === file.id)} />
                  <details className="w-full pl-7 text-sm" data-testid="order-file-mix-check">
                    <summary className="cursor-pointer text-muted-foreground">Mix check</summary>
                    <MixCheckPanel fileId={file.id} className="pt-2" />
                  </details>
                </li>
              ))}
            </ul>
            <Link
              to={`/admin/files?orderId=${order.id}`}
              className="inline-block text-primary underline-offset-4 hover:underline"
              data-testid="order-open-files"
            >
              Open these files in Audio Files
            </Link>
          </section>

          {data.revisions.length > 0 && (
            <section className="space-y-2">
              <h3 className="font-semibold">Revision requests</h3>
              <ul className="space-y-2" data-testid="order-revisions">
                {data.revisions.map((r) => (
                  <li key={r.id} className="rounded-lg border border-border px-3 py-2">
                    <p>
                      <strong>Round {r.round}</strong> · {r.fileName}
                      {r.atSeconds !== null ? ` · at ${formatTrackTime(r.atSeconds)}` : ''}
                    </p>
                    <p className="mt-1 whitespace-pre-wrap">{r.note}</p>
                    <p className="text-xs text-muted-foreground">{formatOrderDate(r.createdAt)}</p>
                  </li>
                ))}
              </ul>
            </section>
          )}

          <ReleasePackSection orderId={order.id} />

          <StatusForm order={order} />
          <ExpectedTime order={order} />

          {isAdmin && <RefundSection orderId={order.id} />}
          {isAdmin && <RevokeOrderLinks orderId={order.id} />}
          <RefundRequests orderId={order.id} />

          <section className="space-y-2">
            <h3 className="font-semibold">Status history</h3>
            {data.history.length === 0 ? (
              <p className="text-muted-foreground">No status changes yet.</p>
            ) : (
              <ol className="space-y-2" data-testid="order-history">
                {data.history.map((h) => (
                  <li key={h.id} className="rounded-lg border border-border px-3 py-2">
                    <p>
                      {h.fromStatus ? ORDER_STATUS_LABELS[h.fromStatus] : 'New'} →{' '}
                      <strong>{ORDER_STATUS_LABELS[h.toStatus]}</strong>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {formatOrderDate(h.createdAt)} by {h.changedBy ?? 'the system'}
                    </p>
                    {h.note && <p className="mt-1 whitespace-pre-wrap">{h.note}</p>}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}

function SummaryLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <p className="flex justify-between gap-4">
      <span className="text-muted-foreground">{label}</span>
      <span className={strong ? 'font-semibold tabular-nums' : 'tabular-nums'}>{value}</span>
    </p>
  );
}

/** Who works the order, and Assign to me / Release for the signed-in staff member. */
function Assignment({ order }: { order: AdminOrder }) {
  const me = useMe();
  const assign = useAssignOrder(order.id);
  const mine = me !== null && order.assignedTo === me.id;
  const run = (assignee: 'me' | 'nobody') =>
    assign.mutate(
      { assignee },
      {
        onError: (err) =>
          toast({ title: ORDER_TEXTS.updateFailedTitle, description: err.message, variant: 'destructive' }),
      },
    );
  return (
    <section className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border px-3 py-2">
      <p>
        <span className="text-muted-foreground">Engineer: </span>
        <span data-testid="order-engineer">{order.assignedToEmail ?? 'Not assigned'}</span>
      </p>
      {mine ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => run('nobody')}
          disabled={assign.isPending}
          data-testid="order-release"
        >
          <UserMinus aria-hidden />
          Release
        </Button>
      ) : (
        <Button
          variant="outline"
          size="sm"
          onClick={() => run('me')}
          disabled={assign.isPending}
          data-testid="order-assign-me"
        >
          <UserCheck aria-hidden />
          Assign to me
        </Button>
      )}
    </section>
  );
}

/**
 * Update Status: only the changes the signed-in staff member may make (transitionsFor: admins every
 * change ORDER_TRANSITIONS allows, engineers the mastering moves), with optional notes kept in the history.
 */
function StatusForm({ order }: { order: AdminOrder }) {
  const role = useMe()?.role ?? 'engineer';
  const allowed = transitionsFor(role, order.status);
  const [status, setStatus] = useState<OrderStatus | ''>(allowed[0] ?? '');
  const [notes, setNotes] = useState('');
  const update = useUpdateOrderStatus(order.id);
  const first = allowed[0] ?? '';
  useEffect(() => {
    setStatus(first);
    setNotes('');
  }, [order.status, first]);

  if (allowed.length === 0) {
    const reason =
      transitionsFor('admin', order.status).length === 0
        ? 'cannot change status'
        : 'can only be changed by an admin now';
    return (
      <p className="text-muted-foreground" data-testid="order-status-locked">
        A {ORDER_STATUS_LABELS[order.status]} order {reason}.
      </p>
    );
  }
  const missingMasters = status === 'delivered' && order.files.some((f) => !f.masteredFilePath);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = checkForm(UpdateOrderStatusBody, { status, notes: notes.trim() || undefined });
    if (!checked.ok) {
      toast({ title: ORDER_TEXTS.updateFailedTitle, description: checked.message, variant: 'destructive' });
      return;
    }
    update.mutate(checked.data, {
      onSuccess: () => toast({ title: ORDER_TEXTS.updated }),
      onError: (err) =>
        toast({
          title: ORDER_TEXTS.updateFailedTitle,
          description: `${ORDER_TEXTS.updateFailed}: ${err.message}`,
          variant: 'destructive',
        }),
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-lg border border-border p-3" data-testid="order-status-form">
      <h3 className="font-semibold">Update Status</h3>
      <div className="space-y-1.5">
        <Label htmlFor="order-new-status">New status</Label>
        <Select
          value={status}
          onChange={setStatus}
          options={allowed.map((s) => ({
            value: s as OrderStatus | '',
            label: s === 'delivered' ? 'Delivered (mail the customer)' : ORDER_STATUS_LABELS[s],
          }))}
          aria-label="New status"
          data-testid="order-new-status"
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="order-notes">Notes (optional)</Label>
        <Textarea
          id="order-notes"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          rows={2}
          maxLength={2000}
          data-testid="order-notes"
        />
      </div>
      {missingMasters && <p className="text-sm text-warning">{DELIVERY_NEEDS_MASTERS}</p>}
      <Button type="submit" disabled={update.isPending || missingMasters} data-testid="order-update-status">
        <CircleCheck aria-hidden />
        Update Status
      </Button>
    </form>
  );
}
