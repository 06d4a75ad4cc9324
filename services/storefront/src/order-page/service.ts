// The customer's order page (issue 25): read by whoever holds the order's signed link, and the revision
// requests made from it. Every refusal is the server's, in words the page shows as they are.
import type { Knex } from 'knex';
import {
  ORDER_LINK_INVALID,
  REVISION_ALREADY_REQUESTED,
  REVISION_NOT_DELIVERED,
  revisionsUsedUp,
  revisionWindowOver,
  type CustomerOrderView,
  formatTrackTime,
  type DeliverySettings,
  type MeasuredLoudness,
  type OrderStatus,
  type RateOrderBody,
  type RevisionAllowance,
  type RevisionRequestBody,
  type TimelineEntry,
  replacementOpen,
  retentionDaysOf,
} from '@mastering/contracts';
import {
  FileAnalysis,
  Invoice,
  MasterVersion,
  Order,
  OrderRating,
  OrderStatusHistory,
  Refund,
  RevisionRequest,
  Setting,
  type OrderFile,
} from '@mastering/db';
import { sendMail, type Queue } from '@mastering/jobs';
import { changeOrderStatus, ORDER_LINK_HOLDER, rateOrder } from '@mastering/orders';
import {
  Conflict,
  Forbidden,
  grantsOrder,
  NotFound,
  type DownloadLinks,
  type Logger,
  type OrderLinks,
} from '@mastering/service-kit';
import { staffRecipients } from '../staff-recipients';
import { currentOriginal, flaggedReason } from './flags';

/**
 * What the order page needs: the database, the order-link checker, the signer of play/download links,
 * the mail queue with ADMIN_EMAIL (a revision request tells staff), and the log.
 */
export type OrderPageDeps = {
  knex: Knex;
  orderLinks: OrderLinks;
  downloads: DownloadLinks;
  queue: Queue;
  adminEmail?: string;
  logger?: Logger;
  /** The clock of what is dated by it (refund requests and when their answer is due); the system clock by default. */
  now?: () => Date;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How long the page's play and download links work: the page mints fresh ones on every load. */
export const MEDIA_LINK_HOURS = 12;

/** Refuses (403) a link that does not open this order: forged, expired, another order's, or revoked by staff. */
export async function assertOrderLink(knex: Knex, links: OrderLinks, orderId: string, token: string): Promise<void> {
  const order = await Order.query(knex).findById(orderId).select('linkVersion');
  if (!grantsOrder(links, token, orderId, new Date(), order?.linkVersion ?? 0)) throw new Forbidden(ORDER_LINK_INVALID);
}

/** The order a link opens, or 403 (forged, expired, another order's) / 404 (the order is gone). */
async function orderOfLink(knex: Knex, links: OrderLinks, orderId: string, token: string): Promise<Order> {
  await assertOrderLink(knex, links, orderId, token);
  const order = await Order.query(knex).findById(orderId).withGraphFetched('files(inNameOrder)');
  if (!order) throw new NotFound('Order not found');
  return order;
}

/** When the order first reached each step of the timeline (placed, paid, in progress, delivered: the latest delivery). */
function timelineOf(order: Order, history: OrderStatusHistory[]): TimelineEntry[] {
  const first = (to: OrderStatus) => history.find((h) => h.toStatus === to)?.createdAt ?? null;
  const last = (to: OrderStatus) => history.findLast((h) => h.toStatus === to)?.createdAt ?? null;
  const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);
  return [
    { step: 'placed', at: iso(order.createdAt) },
    { step: 'paid', at: iso(order.paidAt ?? first('payment_confirmed')) },
    { step: 'in_progress', at: iso(first('in_progress')) },
    { step: 'delivered', at: iso(last('delivered')) },
  ];
}

/** The last delivery of the order, if any (the revision window runs from it). */
const lastDeliveryOf = (history: OrderStatusHistory[]) =>
  history.findLast((h) => h.toStatus === 'delivered')?.createdAt;

/** Whether revisions may be asked for now, and until when. */
function allowanceOf(
  status: OrderStatus,
  delivered: Date | undefined,
  settings: DeliverySettings,
  now: Date,
): RevisionAllowance {
  const windowEndsAt = delivered ? new Date(new Date(delivered).getTime() + settings.revisionWindowDays * DAY) : null;
  const closedReason =
    status !== 'delivered' && status !== 'revision_requested'
      ? REVISION_NOT_DELIVERED
      : windowEndsAt && windowEndsAt <= now
        ? revisionWindowOver(settings.revisionWindowDays)
        : null;
  return {
    free: settings.freeRevisions,
    windowDays: settings.revisionWindowDays,
    windowEndsAt: windowEndsAt?.toISOString() ?? null,
    closedReason,
  };
}

const loudnessOf = (analysis: FileAnalysis | undefined): MeasuredLoudness | null =>
  analysis?.status === 'ok'
    ? {
        integratedLufs: analysis.integratedLufs ?? null,
        truePeakDbtp: analysis.truePeakDbtp ?? null,
        durationSeconds: analysis.durationSeconds ?? null,
        waveform: analysis.waveform ?? [],
      }
    : null;

/**
 * A master version's loudness: the figures stored on the version when its analysis finished, with the
 * duration and waveform of its analysis when that is still the file's master row (the newest version).
 */
function versionLoudness(version: MasterVersion, analysis: FileAnalysis | undefined): MeasuredLoudness | null {
  const measured = loudnessOf(analysis);
  if (version.integratedLufs == null) return measured;
  return {
    durationSeconds: measured?.durationSeconds ?? null,
    waveform: measured?.waveform ?? [],
    integratedLufs: version.integratedLufs,
    truePeakDbtp: version.truePeakDbtp ?? null,
  };
}

/**
 * The analysis of each master version: the newest master analysis made after the version was confirmed
 * and before the next one was (analyses are kept per file and role, so every version keeps its own).
 */
function versionAnalysis(versions: MasterVersion[], analyses: FileAnalysis[], index: number) {
  const from = new Date(versions[index]!.createdAt).getTime();
  const until = versions[index + 1] ? new Date(versions[index + 1]!.createdAt).getTime() : Infinity;
  return analyses.findLast((a) => {
    const at = new Date(a.analysedAt).getTime();
    return at >= from && at < until;
  });
}

/** GET /api/orders/:id/view: the order page of the order the link opens (403 for any other link). */
export async function customerOrderView(
  deps: OrderPageDeps,
  orderId: string,
  token: string,
  now: Date = new Date(),
): Promise<CustomerOrderView> {
  const order = await orderOfLink(deps.knex, deps.orderLinks, orderId, token);
  return viewOf(deps, order, token, now);
}

async function viewOf(deps: OrderPageDeps, order: Order, token: string, now: Date): Promise<CustomerOrderView> {
  const { knex } = deps;
  const files = order.files ?? [];
  const fileIds = files.map((f) => f.id);
  const [history, settings, security, analyses, versions, revisions, refunds, invoice, rating] = await Promise.all([
    OrderStatusHistory.query(knex).where('orderId', order.id).orderBy('createdAt'),
    Setting.section(knex, 'delivery'),
    Setting.section(knex, 'security'),
    FileAnalysis.query(knex).whereIn('fileId', fileIds).orderBy('analysedAt'),
    MasterVersion.query(knex).whereIn('fileId', fileIds).orderBy('version'),
    RevisionRequest.query(knex).where('orderId', order.id).orderBy('createdAt'),
    Refund.query(knex).where('orderId', order.id).modify('newestFirst').withGraphFetched('creditNote'),
    Invoice.query(knex).where('orderId', order.id).whereNot('kind', 'credit_note').first(),
    OrderRating.query(knex).where('orderId', order.id).first(),
  ]);
  const delivered = order.status === 'delivered' || order.status === 'revision_requested' || lastDeliveryOf(history);
  const mediaUntil = new Date(now.getTime() + MEDIA_LINK_HOURS * HOUR);
  const fileLink = (file: string, kind: 'original' | 'mastered') =>
    `/api/downloads/file/${deps.downloads.sign({ file, kind }, mediaUntil)}`;
  const versionLink = (version: MasterVersion) =>
    `/api/downloads/file/${deps.downloads.sign({ version: version.id }, mediaUntil)}`;

  const trackOf = (file: OrderFile) => {
    const own = analyses.filter((a) => a.fileId === file.id);
    const original = currentOriginal(file, own);
    const masters = own.filter((a) => a.role === 'master');
    const needsReplacing = flaggedReason(original);
    const fileVersions = versions.filter((v) => v.fileId === file.id);
    // Masters are shown once delivered: an engineer's work in progress is not the customer's yet; and
    // not once retention deleted the audio (no dead links: the page says it was deleted).
    const audioDeleted = file.audioDeletedAt !== null && file.audioDeletedAt !== undefined;
    const shown = delivered && !audioDeleted ? fileVersions : [];
    const api = file.toApi();
    return {
      id: file.id,
      originalName: file.originalName,
      masteringStyle: file.masteringStyle,
      tone: file.tone,
      loudness: file.loudness,
      volumeMatch: api.volumeMatch,
      original: loudnessOf(original),
      needsReplacing,
      replaceable: needsReplacing !== null && replacementOpen(order.status),
      replacedAt: api.replacedAt,
      originalUrl: shown.length > 0 ? fileLink(file.id, 'original') : null,
      masters: shown
        .map((v, i) => ({
          version: v.version,
          createdAt: new Date(v.createdAt).toISOString(),
          loudness: versionLoudness(v, versionAnalysis(fileVersions, masters, i)),
          streamingPreview: versionAnalysis(fileVersions, masters, i)?.streamingPreview ?? null,
          url: versionLink(v),
        }))
        .reverse(),
      revisions: revisions.filter((r) => r.fileId === file.id).map((r) => r.toApi()),
      audioDeleted,
    };
  };

  // The order's due time (promiseOf: 48 hours after payment, a revision round's own promise, or the
  // engineer's expected time), as the back-office and the late-order mail read it.
  const dueAt = order.dueAt ? new Date(order.dueAt) : null;
  return {
    id: order.id,
    status: order.status,
    createdAt: new Date(order.createdAt).toISOString(),
    total: order.totalCents / 100,
    trackCount: order.trackCount,
    timeline: timelineOf(order, history),
    dueAt: dueAt?.toISOString() ?? null,
    round: revisions.reduce((max, r) => Math.max(max, r.round), 0),
    revisions: allowanceOf(order.status, lastDeliveryOf(history), settings, now),
    tracks: files.map(trackOf),
    refunds: refunds.map((r) => ({
      amount: r.amountCents / 100,
      status: r.status,
      createdAt: new Date(r.createdAt).toISOString(),
      creditNote: r.creditNote
        ? {
            number: r.creditNote.number,
            url: `/api/orders/${order.id}/credit-notes/${r.creditNote.id}?t=${encodeURIComponent(token)}`,
          }
        : null,
    })),
    invoiceUrl: invoice ? `/api/orders/${order.id}/invoice?t=${encodeURIComponent(token)}` : null,
    rating: rating?.toApi() ?? null,
    retentionDays: retentionDaysOf(order.status, order.paidAt !== null, security),
    // The pack's files live on the delivery's download page; this page links there with a fresh short-lived token.
    releasePackUrl:
      order.status === 'delivered' && order.releasePack?.formats.length
        ? `/download/${deps.downloads.sign({ order: order.id }, mediaUntil)}`
        : null,
  };
}

/**
 * POST /api/orders/:id/rating: the customer's rating of the delivered masters, as the link's holder
 * (409 before delivery or when rated already; see @mastering/orders rateOrder). Answers the page.
 */
export async function rateOrderFromPage(
  deps: OrderPageDeps,
  orderId: string,
  body: Required<RateOrderBody>,
  now: Date = new Date(),
): Promise<CustomerOrderView> {
  const { t, ...rating } = body;
  await orderOfLink(deps.knex, deps.orderLinks, orderId, t);
  await rateOrder(deps.knex, orderId, rating);
  return customerOrderView(deps, orderId, t, now);
}

/**
 * POST /api/orders/:id/revisions: one track's revision request, as the link's holder. Refused (409, nothing
 * changed) before delivery, after the window, past the free rounds, or while the track's last request has
 * no new master yet. The first request of a delivered order moves it to `revision_requested` through
 * changeOrderStatus (checked against the table for the customer, recorded in the history). Each request
 * is mailed once to staff: the admins and the order's engineer (`revision-requested`), and acknowledged to
 * the customer (`revision-request-received`).
 */
export async function requestRevision(
  deps: OrderPageDeps,
  orderId: string,
  body: Omit<RevisionRequestBody, 'atSeconds'> & { atSeconds: number | null },
  now: Date = new Date(),
): Promise<CustomerOrderView> {
  await orderOfLink(deps.knex, deps.orderLinks, orderId, body.t);
  const mail = await deps.knex.transaction(async (trx) => {
    // The lock makes two requests at once take turns (rounds stay unique and counted).
    const order = await Order.query(trx).findById(orderId).forUpdate().withGraphFetched('files');
    if (!order) throw new NotFound('Order not found');
    const file = order.files?.find((f) => f.id === body.fileId);
    if (!file) throw new NotFound('This track is not part of the order.');
    const history = await OrderStatusHistory.query(trx).where('orderId', orderId).orderBy('createdAt');
    const settings = await Setting.section(trx, 'delivery');
    const allowance = allowanceOf(order.status, lastDeliveryOf(history), settings, now);
    if (allowance.closedReason) throw new Conflict(allowance.closedReason);
    const previous = await RevisionRequest.query(trx).where('fileId', file.id).orderBy('round', 'desc');
    if (previous.length >= settings.freeRevisions) throw new Conflict(revisionsUsedUp(settings.freeRevisions));
    const newestMaster = await MasterVersion.query(trx).where('fileId', file.id).orderBy('version', 'desc').first();
    if (previous[0] && (!newestMaster || newestMaster.createdAt <= previous[0].createdAt))
      throw new Conflict(REVISION_ALREADY_REQUESTED);
    const round = previous.length + 1;
    await RevisionRequest.query(trx).insert({
      orderId,
      fileId: file.id,
      round,
      note: body.note,
      atSeconds: body.atSeconds,
    });

    // The first request of a delivered order starts the round, and its promise (the order's due time).
    const dueAt =
      order.status === 'delivered'
        ? (
            await changeOrderStatus(trx, orderId, {
              to: 'revision_requested',
              by: ORDER_LINK_HOLDER,
              note: `The customer asked for revision round ${round} of ${file.originalName}.`,
            })
          ).order.dueAt
        : order.dueAt;
    const params = {
      orderId,
      customerEmail: order.customerEmail,
      fileName: file.originalName,
      round,
      note: body.note,
      ...(body.atSeconds !== null ? { at: formatTrackTime(body.atSeconds) } : {}),
    };
    const readyBy = dueAt ? { readyBy: new Date(dueAt).toISOString() } : {};
    return { params, readyBy, to: await staffRecipients(trx, deps.adminEmail, order.assignedTo) };
  });
  // Once the request is stored (a refused or rolled-back one tells nobody).
  for (const to of mail.to) await sendMail(deps.queue, { to, template: 'revision-requested', params: mail.params });
  await sendMail(deps.queue, {
    to: mail.params.customerEmail,
    template: 'revision-request-received',
    params: { ...mail.params, ...mail.readyBy },
    orderId,
  });
  return customerOrderView(deps, orderId, body.t, now);
}
