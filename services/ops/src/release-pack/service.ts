// The release pack after payment (issue 54 item 2): when a master version is confirmed, one row per
// chosen format waits for the `pack.render` job, which renders each from that version's bytes (keyed
// by version and format, so nothing is rendered twice), stores it and measures it. Delivery waits until
// every file of the newest masters is ready; a failure shows its reason and can be retried.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import {
  objectKeyOfPath,
  PACK_FORMAT_INFO,
  PACK_RENDERING,
  packFailed,
  type PackFileView,
  type PackFormat,
  type ReleasePackStatus,
} from '@mastering/contracts';
import { renderPackFile, type PackMeasure } from '@mastering/audio-analysis';
import { MasterVersion, Order, OrderFile, PackFile } from '@mastering/db';
import { enqueuePackRender, type Queue } from '@mastering/jobs';
import { Conflict, NotFound } from '@mastering/service-kit';
import { localObjectPath, type ObjectStorage } from '@mastering/storage';

/** What rendering needs: the database, the storage (and its root on a local disk), and a renderer (tests may pass one). */
export type PackDeps = {
  knex: Knex;
  storage: ObjectStorage;
  localRoot?: string;
  render?: typeof renderPackFile;
  logger?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
};

/** The formats an order bought, in the order they were chosen; none without a pack. */
export function packFormatsOf(order: Pick<Order, 'releasePack'>): PackFormat[] {
  return (order.releasePack?.formats ?? []).map((f) => f.format);
}

/**
 * Inside the transaction that confirms a master version: adds one waiting row per format the order
 * bought (a version already rendered in a format keeps its row). Answers whether a render must be queued.
 */
export async function openPack(trx: Knex.Transaction, order: Order, version: MasterVersion): Promise<boolean> {
  const formats = packFormatsOf(order);
  if (formats.length === 0) return false;
  await PackFile.query(trx)
    .insert(formats.map((format) => ({ fileId: version.fileId, masterVersionId: version.id, format })))
    .onConflict(['master_version_id', 'format'])
    .ignore();
  return true;
}

/** The name a pack file is saved under: "<title or track> (<format>).<ext>". */
export function packFileName(file: OrderFile, format: PackFormat): string {
  const base = file.releaseMetadata?.title || path.basename(file.originalName, path.extname(file.originalName));
  // Characters no file system takes (and control characters) become "_".
  const safe =
    [...base]
      .map((c) => (c < ' ' || '/\\:*?"<>|'.includes(c) ? '_' : c))
      .join('')
      .trim() || 'track';
  const suffix = { wav24: '24-bit', wav16: '16-bit 44.1 kHz', flac: 'FLAC', mp3: 'MP3', aac: 'AAC' }[format];
  return `${safe} (${suffix}).${PACK_FORMAT_INFO[format].extension}`;
}

/** Why a file rendered while retention or erasure deleted its track's audio is not kept. */
export const PACK_AUDIO_DELETED = "the order's audio was deleted";

/**
 * Records a rendered file as ready under its track's row lock, the one retention takes to delete the
 * track's audio: a file finished after the audio was deleted is deleted too and its row failed, so no
 * pack file outlives retention (the purge, done, would never look at the track again).
 */
async function keepRendered(deps: PackDeps, row: PackFile, objectKey: string, measured: Partial<PackFile>) {
  await deps.knex.transaction(async (trx) => {
    const file = await OrderFile.query(trx).findById(row.fileId).forUpdate();
    if (file && !file.audioDeletedAt) {
      await PackFile.query(trx)
        .findById(row.id)
        .patch({ status: 'ready', objectKey, error: null, ...measured });
      return;
    }
    await deps.storage.delete(objectKey);
    await PackFile.query(trx).findById(row.id).patch({ status: 'failed', error: PACK_AUDIO_DELETED });
  });
}

/** Runs `use` with a local path to the stored object: its own file on a local disk, else a temporary copy. */
async function withLocalCopy<T>(deps: PackDeps, key: string, work: string, use: (file: string) => Promise<T>) {
  if (deps.localRoot !== undefined) return use(localObjectPath(deps.localRoot, key));
  const object = await deps.storage.get(key);
  if (!object) throw new Error('the master is no longer stored');
  const copy = path.join(work, 'master');
  await pipeline(object.stream, createWriteStream(copy));
  return use(copy);
}

/**
 * Renders every waiting file of one master version, one format at a time, each from the version's own
 * bytes: stored under `packs/<file>/<version>/<format>.<ext>`, measured, marked ready; a failure marks
 * the row failed with its reason (the engineer sees it and may retry). Nothing waiting: nothing done.
 */
export async function renderPack(deps: PackDeps, masterVersionId: string): Promise<void> {
  const waiting = await PackFile.query(deps.knex).where({ masterVersionId, status: 'rendering' });
  if (waiting.length === 0) return;
  const version = await MasterVersion.query(deps.knex).findById(masterVersionId);
  const file = version ? await OrderFile.query(deps.knex).findById(version.fileId) : undefined;
  const key = objectKeyOfPath(version?.masteredFilePath);
  const work = await mkdtemp(path.join(tmpdir(), 'pack-'));
  const render = deps.render ?? renderPackFile;
  try {
    // One format at a time: ffmpeg takes a core of the two.
    for (const row of waiting) {
      try {
        if (!file || !key || !(await deps.storage.exists(key))) throw new Error('the master is no longer stored');
        const { extension, contentType } = PACK_FORMAT_INFO[row.format];
        const out = path.join(work, `${row.format}.${extension}`);
        const measured: PackMeasure = await withLocalCopy(deps, key, work, (input) =>
          render(input, out, row.format, file.releaseMetadata ?? null),
        );
        const objectKey = `packs/${row.fileId}/${masterVersionId}/${row.format}.${extension}`;
        const { size } = await stat(out);
        await deps.storage.put(objectKey, createReadStream(out), { contentType });
        await keepRendered(deps, row, objectKey, { size, ...measured });
        deps.logger?.info({ masterVersionId, format: row.format, size }, 'release pack file rendered');
      } catch (err) {
        const reason = (err as Error).message.slice(0, 500);
        await PackFile.query(deps.knex).findById(row.id).patch({ status: 'failed', error: reason });
        deps.logger?.warn({ masterVersionId, format: row.format, reason }, 'release pack file failed');
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The newest master version of each file of an order (the ones a delivery sends). */
async function newestVersions(knex: Knex, orderId: string): Promise<MasterVersion[]> {
  const files = await OrderFile.query(knex).select('id').where({ orderId });
  if (files.length === 0) return [];
  const versions = await MasterVersion.query(knex)
    .whereIn(
      'fileId',
      files.map((f) => f.id),
    )
    .orderBy('version', 'desc');
  const newest = new Map<string, MasterVersion>();
  for (const v of versions) if (!newest.has(v.fileId)) newest.set(v.fileId, v);
  return [...newest.values()];
}

/** The pack files of the newest masters of an order, with the version each was rendered from. */
export async function currentPackFiles(knex: Knex, orderId: string): Promise<{ row: PackFile; version: number }[]> {
  const versions = await newestVersions(knex, orderId);
  if (versions.length === 0) return [];
  const byId = new Map(versions.map((v) => [v.id, v.version]));
  const rows = await PackFile.query(knex).whereIn('masterVersionId', [...byId.keys()]);
  return rows.map((row) => ({ row, version: byId.get(row.masterVersionId)! }));
}

/** One pack file as staff and the customer see it. */
function viewOf(row: PackFile, version: number, file: OrderFile | undefined): PackFileView {
  return {
    id: row.id,
    fileId: row.fileId,
    masterVersion: version,
    format: row.format,
    label: PACK_FORMAT_INFO[row.format].label,
    status: row.status,
    error: row.error,
    name: file ? packFileName(file, row.format) : null,
    size: row.size === null ? null : Number(row.size),
    integratedLufs: row.integratedLufs,
    truePeakDbtp: row.truePeakDbtp,
  };
}

/** GET /api/admin/orders/:id/release-pack: what the order bought and where its files stand (404: no order). */
export async function packStatus(knex: Knex, orderId: string): Promise<ReleasePackStatus> {
  const order = await Order.query(knex).findById(orderId).withGraphFetched('files(inNameOrder)');
  if (!order) throw new NotFound('Order not found');
  const formats = packFormatsOf(order);
  const files = new Map((order.files ?? []).map((f) => [f.id, f]));
  // Listed by track (the order's name order), then in the order the formats were chosen.
  const trackIndex = [...files.keys()];
  const current = (await currentPackFiles(knex, orderId)).sort(
    (a, b) =>
      trackIndex.indexOf(a.row.fileId) - trackIndex.indexOf(b.row.fileId) ||
      formats.indexOf(a.row.format) - formats.indexOf(b.row.format),
  );
  const views = current.map(({ row, version }) => viewOf(row, version, files.get(row.fileId)));
  const state =
    formats.length === 0
      ? 'none'
      : views.some((v) => v.status === 'failed')
        ? 'failed'
        : views.some((v) => v.status === 'rendering') || views.length < formats.length * files.size
          ? 'rendering'
          : 'ready';
  return { formats, state, files: views };
}

/**
 * Refuses a delivery (409) while the pack of the newest masters is rendering or failed, naming the
 * first failure's reason. An order without a pack passes.
 */
export async function assertPackReady(knex: Knex, orderId: string): Promise<void> {
  const { state, files } = await packStatus(knex, orderId);
  if (state === 'rendering') throw new Conflict(PACK_RENDERING);
  if (state === 'failed') throw new Conflict(packFailed(files.find((f) => f.status === 'failed')?.error ?? 'unknown'));
}

/**
 * POST /api/admin/orders/:id/release-pack/retry: puts the failed files of the newest masters back to
 * waiting and queues their versions again; a master confirmed before the pack rows existed gets them.
 */
export async function retryPack(knex: Knex, queue: Queue, orderId: string): Promise<ReleasePackStatus> {
  const order = await Order.query(knex).findById(orderId);
  if (!order) throw new NotFound('Order not found');
  const versions = await newestVersions(knex, orderId);
  await knex.transaction(async (trx) => {
    for (const version of versions) await openPack(trx, order, version);
    await PackFile.query(trx)
      .whereIn(
        'masterVersionId',
        versions.map((v) => v.id),
      )
      .where('status', 'failed')
      .patch({ status: 'rendering', error: null });
  });
  for (const version of versions) await enqueuePackRender(queue, { masterVersionId: version.id });
  return packStatus(knex, orderId);
}
