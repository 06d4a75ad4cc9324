import type { Knex } from 'knex';
import { audioFileAnalyses } from '../analysis/service';
import { enqueueAnalysis, enqueuePackRender, type Queue } from '@mastering/jobs';
import {
  DEFAULT_PAGE_SIZE,
  isUploadContentType,
  MASTER_AUDIO_DELETED,
  MASTER_UPLOAD_UNKNOWN,
  MASTERED_PATH_VIA_UPLOAD,
  NO_MASTERED_FILE,
  UPLOAD_NOT_AUDIO,
  summariseAnalysis,
  wantsPage,
  type AdminAudioFile,
  type AdminAudioFilePage,
  type AdminAudioFilesQuery,
  type AudioFileCounts,
  type AudioFileSort,
  type OrderStatus,
  type DownloadKind,
  type Identity,
  type SignedLink,
  type UpdateProcessingBody,
  type UploadUrlBody,
  type UploadUrlResponse,
  objectKeyOfPath,
  objectPathOfKey,
  uploadIdOfKey,
} from '@mastering/contracts';
import { indexedContains, MasterVersion, Order, OrderFile, RevisionRequest } from '@mastering/db';
import { changeOrderStatus } from '@mastering/orders';
import { BadRequest, Conflict, Invalid, NotFound, type DownloadLinks } from '@mastering/service-kit';
import type { ObjectStorage } from '@mastering/storage';
import { audioFileCounts, fileTotals, type Counters } from '../counters';
import type { MasterUploads } from './master-uploads';
import type { StorefrontWrites } from '../storefront-writes';
import { queueMoveMails } from '../orders/mails';
import { openPack } from '../release-pack/service';
import { type AddressMatch, matchAddresses, uuidPrefixRange } from '../orders/search';

/** What the audio-file logic needs: database, storage, link signer and the two lifetimes. */
export type AudioFileDeps = {
  knex: Knex;
  queue: Queue;
  storage: ObjectStorage;
  links: DownloadLinks;
  uploadTtlHours: number;
  linkMinutes: number;
  counters: Counters;
  /** The storefront's side of master uploads (it alone writes uploads). */
  masterUploads: MasterUploads;
  /** The storefront's writes (it owns the order files and releases). */
  storefront: StorefrontWrites;
};

/** A file row joined with its order's email and status (see `withOrder`). */
type FileRow = OrderFile & { customerEmail: string; orderStatus: AdminAudioFile['orderStatus'] };

/** The back-office shape of an audio file. */
export const toAdminAudioFile = (row: FileRow): AdminAudioFile => ({
  ...row.toApi(),
  customerEmail: row.customerEmail,
  orderStatus: row.orderStatus,
});

const SORTS: Record<AudioFileSort, { column: string; order: 'asc' | 'desc' }> = {
  newest: { column: 'order_files.uploadedAt', order: 'desc' },
  oldest: { column: 'order_files.uploadedAt', order: 'asc' },
  name: { column: 'order_files.originalName', order: 'asc' },
  size_desc: { column: 'order_files.fileSize', order: 'desc' },
};

/** Files with their order's customer email and status. */
const withOrder = (knex: Knex) =>
  OrderFile.query(knex)
    .join('orders', 'orders.id', 'order_files.orderId')
    .select('order_files.*', 'orders.customerEmail as customerEmail', 'orders.status as orderStatus');

/**
 * `builder` narrowed to the files matching the search (`search`: file name, customer email through the
 * addresses it matches, order id start; undefined without a search) and filters. Every condition is on order_files' own
 * columns, so counting them needs no join.
 */
function matchingFiles<B extends ReturnType<typeof OrderFile.query>>(
  builder: B,
  query: AdminAudioFilesQuery,
  search: AddressMatch | undefined,
): B {
  builder.modify('withProcessingStatus', query.status).modify('withMasteringStyle', query.style);
  if (query.orderId) builder.where('order_files.orderId', query.orderId);
  if (query.orderStatus)
    builder.whereIn('order_files.orderId', Order.query().select('orders.id').where('orders.status', query.orderStatus));
  if (search) {
    const { q } = search;
    // Each alternative on order_files' own columns, so each can use its index (name trigrams, order id)
    // and the matches are combined before the join; the orders whose email matches are found once.
    const orderIds = uuidPrefixRange(q);
    builder.where((w) => {
      const [email, emailBindings] = search.where('customer_email');
      w.whereRaw(...indexedContains('lower(order_files.original_name)', q)).orWhereRaw(
        `order_files.order_id = any(array(select id from orders where ${email}))`,
        emailBindings,
      );
      if (orderIds) w.orWhereBetween('order_files.orderId', orderIds);
    });
  }
  return builder;
}

/**
 * The matching files with their order's email and status, in the chosen sort. A `page` is cut from the
 * files before their orders are joined, so only the rows shown look their order up: a 2-character search
 * at 1,000,000 orders matched 9,739 files by order id and joined every one before keeping 25 (32 ms of SQL).
 */
function filteredFiles(
  knex: Knex,
  query: AdminAudioFilesQuery,
  search: AddressMatch | undefined,
  page?: { limit: number; offset: number },
) {
  const sort = SORTS[query.sort];
  const sorted = <B extends ReturnType<typeof OrderFile.query>>(builder: B) =>
    builder.orderBy(sort.column, sort.order).orderBy('order_files.id', 'desc');
  if (!page) return sorted(matchingFiles(withOrder(knex), query, search));
  const cut = sorted(matchingFiles(OrderFile.query(knex).select('order_files.*'), query, search))
    .limit(page.limit)
    .offset(page.offset);
  return sorted(withOrder(knex).from(cut.as('order_files')));
}

/** How many files match: read from the kept totals when only the status and style filter, else counted. */
async function filteredTotal(
  knex: Knex,
  query: AdminAudioFilesQuery,
  search: AddressMatch | undefined,
): Promise<number> {
  if (query.q || query.orderId || query.orderStatus)
    return matchingFiles(OrderFile.query(knex), query, search).resultSize();
  const matches = (value: string, filter: string) => filter === 'all' || value === filter;
  return (await fileTotals(knex)).reduce(
    (sum, t) =>
      sum + (matches(t.processingStatus, query.status) && matches(t.masteringStyle, query.style) ? t.files : 0),
    0,
  );
}

/** GET /api/admin/audio-files: the spec's plain array without paging, else a page with its total and the counters. */
export async function listAudioFiles(
  knex: Knex,
  query: AdminAudioFilesQuery,
  countersOf: () => Promise<AudioFileCounts> = () => audioFileCounts(knex),
): Promise<AdminAudioFile[] | AdminAudioFilePage> {
  // The addresses a search matches are asked once, for the page and its total.
  const search = query.q ? await matchAddresses(knex, query.q.toLowerCase()) : undefined;
  if (!wantsPage(query)) return withAnalyses(knex, (await filteredFiles(knex, query, search)) as FileRow[]);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const [items, total, counts] = await Promise.all([
    filteredFiles(knex, query, search, { limit: pageSize, offset: (page - 1) * pageSize }),
    filteredTotal(knex, query, search),
    countersOf(),
  ]);
  return { items: await withAnalyses(knex, items as FileRow[]), total, page, pageSize, counts };
}

/** One audio file in its back-office shape; 404 when unknown. */
export async function audioFile(knex: Knex, id: string): Promise<AdminAudioFile> {
  const row = (await withOrder(knex).findById(id)) as FileRow | undefined;
  if (!row) throw new NotFound('Audio file not found');
  return (await withAnalyses(knex, [row]))[0]!;
}

/** The files in their back-office shape, each with its measured loudness (one query for all of them). */
async function withAnalyses(knex: Knex, rows: FileRow[]): Promise<AdminAudioFile[]> {
  const ids = rows.map((row) => row.id);
  const [analyses, revisions] = await Promise.all([
    audioFileAnalyses(knex, ids),
    RevisionRequest.query(knex).whereIn('fileId', ids).orderBy('round'),
  ]);
  const latestRevision = new Map(revisions.map((r) => [r.fileId, r.toApi()]));
  return rows.map((row) => ({
    ...toAdminAudioFile(row),
    analysis: summariseAnalysis(analyses.get(row.id)!),
    latestRevision: latestRevision.get(row.id) ?? null,
  }));
}

/**
 * PATCH /api/admin/audio-files/:id/processing: sets the status the engineer selected and the notes;
 * completed or error stamps the processed time. A mastered file is attached only by upload, never by
 * naming a path (which could point at any stored object).
 */
export async function updateProcessing(
  { knex, storefront }: Pick<AudioFileDeps, 'knex' | 'storefront'>,
  id: string,
  { masteredFilePath, ...body }: UpdateProcessingBody,
  caller: Identity,
): Promise<AdminAudioFile> {
  const file = await OrderFile.query(knex).findById(id);
  if (!file) throw new NotFound('Audio file not found');
  if (masteredFilePath !== undefined && masteredFilePath !== (file.masteredFilePath ?? ''))
    throw new BadRequest(MASTERED_PATH_VIA_UPLOAD);
  // The storefront owns the file's row (issue 52).
  await storefront.setProcessing(caller, id, body);
  return audioFile(knex, id);
}

/**
 * Refuses a master for a missing file (404) or for one whose audio was deleted (409): retention marks a
 * file once and never looks at it again, so a master added after would be kept for ever (an order
 * reopened by staff after its retention period).
 */
function assertMasterable(file: OrderFile | undefined): asserts file is OrderFile {
  if (!file) throw new NotFound('Audio file not found');
  if (file.audioDeletedAt) throw new Conflict(MASTER_AUDIO_DELETED);
}

/**
 * POST /api/admin/audio-files/:id/upload-url: opens an upload owned by the caller for the file's
 * master; the bytes go to the storefront's `/uploads/<id>` (one PUT or tus), like a customer's track.
 */
export async function createMasterUpload(
  deps: AudioFileDeps,
  id: string,
  body: UploadUrlBody,
  caller: Identity,
): Promise<UploadUrlResponse> {
  assertMasterable(await OrderFile.query(deps.knex).findById(id));
  if (!isUploadContentType(body.contentType, body.filename)) throw new Invalid(UPLOAD_NOT_AUDIO, undefined, 415);
  return deps.masterUploads.open(caller, { ...body, ttlHours: deps.uploadTtlHours });
}

/**
 * The moves that bring a paid order whose every file now has a master to `mastered`, each one the
 * transition table allows: an order not yet started is started first (its history shows both steps).
 */
const TO_MASTERED: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  payment_confirmed: ['in_progress', 'mastered'],
  in_progress: ['mastered'],
  revision_requested: ['in_progress', 'mastered'],
};
const MASTERED_NOTES: Partial<Record<OrderStatus, string>> = {
  in_progress: 'A master was uploaded.',
  mastered: 'Every file has a mastered file.',
};

/**
 * POST /api/admin/audio-files/:id/confirm-upload: has the storefront attach the caller's completed upload
 * as the file's master and mark the file completed, records it as the file's next version (MasterVersion:
 * earlier ones are kept), and moves a paid order whose every file now has a master to `mastered` as the
 * caller (through changeOrderStatus: checked, recorded in its history, its mails queued), then queues the
 * master's loudness analysis.
 * Confirming the same upload again is harmless and queues it again, which is the way out if queueing failed.
 */
export async function confirmMasterUpload(
  { knex, queue, masterUploads }: Pick<AudioFileDeps, 'knex' | 'queue' | 'masterUploads'>,
  id: string,
  uploadedFilePath: string,
  caller: Identity,
): Promise<AdminAudioFile> {
  const uploadId = uploadIdOfKey(objectKeyOfPath(uploadedFilePath));
  assertMasterable(await OrderFile.query(knex).findById(id));
  if (!uploadId) throw new BadRequest(MASTER_UPLOAD_UNKNOWN);
  // The storefront checks the upload is this staff member's, complete and no other file's, and attaches
  // it as the file's master (it owns both rows).
  const { objectKey } = await masterUploads.attach(caller, uploadId, id);
  let packVersion: string | undefined;
  await knex.transaction(async (trx) => {
    const file = await OrderFile.query(trx).findById(id).forUpdate();
    assertMasterable(file);
    const version = await MasterVersion.record(trx, id, objectPathOfKey(objectKey));
    const order = await Order.query(trx).findById(file.orderId).forUpdate().withGraphFetched('files');
    // The release pack the order bought is rendered from this version (issue 54).
    if (order && (await openPack(trx, order, version))) packVersion = version.id;
    if (!order?.files?.every((f) => f.masteredFilePath)) return;
    for (const to of TO_MASTERED[order.status] ?? []) {
      const move = await changeOrderStatus(trx, order.id, { to, by: caller, note: MASTERED_NOTES[to] });
      await queueMoveMails({ knex, queue }, trx, move);
    }
  });
  await enqueueAnalysis(queue, { fileId: id, role: 'master' });
  if (packVersion) await enqueuePackRender(queue, { masterVersionId: packVersion });
  return audioFile(knex, id);
}

/**
 * GET /api/admin/audio-files/:id/download-url: a short-lived link to the original or the master: a
 * presigned URL when the storage has them (S3), else a signed link this service answers itself.
 */
export async function fileDownloadLink(deps: AudioFileDeps, id: string, kind: DownloadKind): Promise<SignedLink> {
  const file = await OrderFile.query(deps.knex).findById(id);
  if (!file) throw new NotFound('Audio file not found');
  const key = objectKeyOfPath(kind === 'original' ? file.originalFilePath : file.masteredFilePath);
  if (!key) throw new NotFound(kind === 'mastered' ? NO_MASTERED_FILE : 'The original file is not stored.');
  const expiresAt = new Date(Date.now() + deps.linkMinutes * 60_000);
  const direct = await deps.storage.downloadUrl(key, { expiresInSeconds: deps.linkMinutes * 60 });
  return {
    url: direct ?? `/api/downloads/file/${deps.links.sign({ file: id, kind }, expiresAt)}`,
    expiresAt: expiresAt.toISOString(),
  };
}
