import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Knex } from 'knex';
import {
  AUDIO_FORMATS,
  audioFormatOfType,
  DELIVERY_EXPIRED,
  DELIVERY_INVALID,
  LINK_EXPIRED,
  LINK_INVALID,
  PACK_FORMAT_INFO,
  PACK_NOT_PART,
  withAudioExtension,
  type Delivery,
  objectKeyOfPath,
  uploadIdOfKey,
} from '@mastering/contracts';
import { MasterVersion, Order, OrderFile, type PackFile, ReleaseReference, Setting, Upload } from '@mastering/db';
import { HttpError, NotFound, type DownloadLinks } from '@mastering/service-kit';
import { contentTypeFromKey, type ObjectStorage } from '@mastering/storage';
import { masterLoudnessWords } from '../analysis/service';
import { currentPackFiles, packFileName, packFormatsOf } from '../release-pack/service';
import { releaseDeliverable } from '../releases/deliverable';
import { zipStream, type ZipEntry } from './zip';

/** What serving downloads needs: the database, the storage and the link signer. */
export type DownloadDeps = { knex: Knex; storage: ObjectStorage; links: DownloadLinks };

/** A stored file ready to stream: bytes, size, type and the name the browser saves it under. */
export type FileDownload = { stream: Readable; size: number; contentType: string; filename: string };

/** 410 Gone: the link was genuine but its time is over. */
class Gone extends HttpError {
  constructor(message: string) {
    super(410, message);
  }
}

/** The name a master is saved under: the engineer's upload name, else "<track> (master).<ext>". */
async function masterName(knex: Knex, file: OrderFile): Promise<string> {
  const uploadId = file.masteredFilePath ? uploadIdOfKey(objectKeyOfPath(file.masteredFilePath)) : null;
  const upload = uploadId ? await Upload.query(knex).findById(uploadId) : undefined;
  if (upload?.originalName) return upload.originalName;
  const ext = path.extname(file.originalName);
  return `${path.basename(file.originalName, ext)} (master)${ext}`;
}

/**
 * Opens a stored object, or 404 when the bytes are gone. An audio file is served as the format its
 * upload's bytes showed (else its stored type or its name's extension), under a name with that
 * format's extension; anything else as plain bytes, so a browser never renders a stored file.
 */
async function open(deps: DownloadDeps, key: string | null, name: string): Promise<FileDownload> {
  const [object, upload] = key
    ? await Promise.all([deps.storage.get(key), Upload.query(deps.knex).findOne({ objectKey: key })])
    : [null, undefined];
  if (!object) throw new NotFound('The file is no longer stored.');
  const format =
    audioFormatOfType(upload?.contentType) ??
    audioFormatOfType(object.contentType) ??
    audioFormatOfType(contentTypeFromKey(name));
  return {
    stream: object.stream,
    size: object.size,
    contentType: format ? AUDIO_FORMATS[format].contentType : 'application/octet-stream',
    filename: format ? withAudioExtension(name, format) : name,
  };
}

/** GET /api/downloads/file/:token: the original or master a staff member's signed link names (410 once expired). */
export async function signedFile(deps: DownloadDeps, token: string): Promise<FileDownload> {
  const verified = deps.links.verify(token);
  if (verified === 'expired') throw new Gone(LINK_EXPIRED);
  const grant = verified?.claims;
  if (grant && 'version' in grant) return masterVersionFile(deps, grant.version);
  if (grant && 'reference' in grant) {
    const reference = await ReleaseReference.query(deps.knex).findById(grant.reference);
    if (!reference) throw new NotFound(LINK_INVALID);
    return open(deps, objectKeyOfPath(reference.filePath), reference.originalName);
  }
  if (!grant || !('file' in grant)) throw new NotFound(LINK_INVALID);
  const file = await OrderFile.query(deps.knex).findById(grant.file);
  if (!file) throw new NotFound(LINK_INVALID);
  if (grant.kind === 'original') return open(deps, objectKeyOfPath(file.originalFilePath), file.originalName);
  return open(deps, objectKeyOfPath(file.masteredFilePath), await masterName(deps.knex, file));
}

/** One kept master version, under the master's name with its version ("Song (master).wav" as "Song (master) v2.wav"). */
async function masterVersionFile(deps: DownloadDeps, versionId: string): Promise<FileDownload> {
  const version = await MasterVersion.query(deps.knex).findById(versionId);
  const file = version ? await OrderFile.query(deps.knex).findById(version.fileId) : undefined;
  if (!version || !file) throw new NotFound(LINK_INVALID);
  const name = await masterName(deps.knex, file);
  const ext = path.extname(name);
  return open(deps, objectKeyOfPath(version.masteredFilePath), `${path.basename(name, ext)} v${version.version}${ext}`);
}

/**
 * The delivered order a delivery token names and when the token expires: 410 after expiry, 404 when
 * forged or no longer delivered.
 */
async function deliveredOrder(deps: DownloadDeps, token: string): Promise<{ order: Order; expiresAt: Date | null }> {
  const verified = deps.links.verify(token);
  if (verified === 'expired') throw new Gone(DELIVERY_EXPIRED);
  const grant = verified?.claims;
  if (!grant || !('order' in grant)) throw new NotFound(DELIVERY_INVALID);
  const order = await Order.query(deps.knex).findById(grant.order).withGraphFetched('files(inNameOrder)');
  // Reopened for a new master: the old link stops until it is delivered again.
  if (order?.status !== 'delivered') throw new NotFound(DELIVERY_INVALID);
  return { order, expiresAt: verified.expiresAt };
}

/** GET /api/downloads/order/:token: the masters of a delivered order, with a link to each and to the zip. */
export async function delivery(deps: DownloadDeps, token: string): Promise<Delivery> {
  const { order, expiresAt } = await deliveredOrder(deps, token);
  const base = `/api/downloads/order/${token}`;
  const loudness = await masterLoudnessWords(
    deps.knex,
    (order.files ?? []).map((f) => f.id),
  );
  const files = await Promise.all(
    (order.files ?? []).map(async (f) => ({
      id: f.id,
      name: await masterName(deps.knex, f),
      size: (await deps.storage.stat(objectKeyOfPath(f.masteredFilePath) ?? ''))?.size ?? 0,
      url: `${base}/files/${f.id}`,
      loudness: loudness.get(f.id) ?? null,
      audioDeleted: f.audioDeletedAt !== null && f.audioDeletedAt !== undefined,
    })),
  );
  const { audioRetentionDays } = await Setting.section(deps.knex, 'security');
  // Only dotted legacy mail links lack an expiry; every download token has one.
  const packFiles = (await readyPackFiles(deps, order)).map(({ row, name }) => ({
    id: row.id,
    fileId: row.fileId,
    format: row.format,
    label: PACK_FORMAT_INFO[row.format].label,
    name,
    size: Number(row.size ?? 0),
    url: `${base}/pack/${row.id}`,
  }));
  return {
    orderId: order.id,
    expiresAt: expiresAt!.toISOString(),
    files,
    archiveUrl: `${base}/archive`,
    retentionDays: audioRetentionDays,
    packFiles,
  };
}

/** GET /api/downloads/order/:token/files/:fileId: one master of the delivered order. */
export async function deliveryFile(deps: DownloadDeps, token: string, fileId: string): Promise<FileDownload> {
  const { order } = await deliveredOrder(deps, token);
  const file = order.files?.find((f) => f.id === fileId);
  if (!file) throw new NotFound('This file is not part of the delivery.');
  return open(deps, objectKeyOfPath(file.masteredFilePath), await masterName(deps.knex, file));
}

/** The ready release pack files of a delivered order's newest masters, each with the name it is saved under. */
async function readyPackFiles(deps: DownloadDeps, order: Order): Promise<{ row: PackFile; name: string }[]> {
  const files = new Map((order.files ?? []).map((f, i) => [f.id, { file: f, index: i }]));
  const formats = packFormatsOf(order);
  return (await currentPackFiles(deps.knex, order.id))
    .filter(({ row }) => row.status === 'ready' && files.has(row.fileId))
    .sort(
      (a, b) =>
        files.get(a.row.fileId)!.index - files.get(b.row.fileId)!.index ||
        formats.indexOf(a.row.format) - formats.indexOf(b.row.format),
    )
    .map(({ row }) => ({ row, name: packFileName(files.get(row.fileId)!.file, row.format) }));
}

/** Opens one rendered pack file as its format, under `name` (404 when its bytes are gone). */
async function openPackFile(deps: DownloadDeps, row: PackFile, name: string): Promise<FileDownload> {
  const object = row.objectKey ? await deps.storage.get(row.objectKey) : null;
  if (!object) throw new NotFound('The file is no longer stored.');
  return {
    stream: object.stream,
    size: object.size,
    contentType: PACK_FORMAT_INFO[row.format].contentType,
    filename: name,
  };
}

/** GET /api/downloads/order/:token/pack/:packFileId: one release pack file of the delivered order. */
export async function deliveryPackFile(deps: DownloadDeps, token: string, packFileId: string): Promise<FileDownload> {
  const { order } = await deliveredOrder(deps, token);
  const found = (await readyPackFiles(deps, order)).find(({ row }) => row.id === packFileId);
  if (!found) throw new NotFound(PACK_NOT_PART);
  return openPackFile(deps, found.row, found.name);
}

/**
 * GET /api/downloads/order/:token/archive: every master of the order, then its release pack, in one zip
 * streamed as it is built. A release's masters are in running order, numbered (`01 - Title.wav`), with its
 * cue sheet (see releases/deliverable.ts).
 */
export async function deliveryArchive(
  deps: DownloadDeps,
  token: string,
): Promise<{ stream: Readable; filename: string }> {
  const { order } = await deliveredOrder(deps, token);
  const release = await releaseDeliverable(deps.knex, order.id);
  const files = release ? release.files(order.files ?? []) : (order.files ?? []);
  const entries: ZipEntry[] = await Promise.all(
    files.map(async (f, i) => {
      const opened = await open(deps, objectKeyOfPath(f.masteredFilePath), await masterName(deps.knex, f));
      return { name: release ? release.entryName(i, opened.filename) : opened.filename, data: opened.stream };
    }),
  );
  if (release) entries.push(release.cueSheet(entries.map((e) => e.name)));
  // The release pack after the masters, track by track (issue 54).
  const pack = await readyPackFiles(deps, order);
  const packEntries = await Promise.all(
    pack.map(async ({ row, name }) => ({ name, data: (await openPackFile(deps, row, name)).stream })),
  );
  const filename = release ? release.zipName : `masters-${order.id.slice(0, 8)}.zip`;
  return { stream: await zipStream([...entries, ...packEntries]), filename };
}
