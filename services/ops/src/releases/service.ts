import type { Knex } from 'knex';
import {
  objectKeyOfPath,
  coherenceTable,
  type CoherenceMeasure,
  type Identity,
  type CoherenceTable,
  type ReleaseAnswer,
} from '@mastering/contracts';
import { measureBalance } from '@mastering/audio-analysis';
import { Order, type OrderFile, Release, ReleaseMeasure, Setting } from '@mastering/db';
import { NotFound, type DownloadLinks } from '@mastering/service-kit';
import type { ObjectStorage } from '@mastering/storage';
import type { StorefrontWrites } from '../storefront-writes';

// The engineer's view of a release (issue 55): the release itself, a new running order, and the
// coherence table of its masters.

/** What the release screens need: the database, the masters' storage, links, and the storefront (the release's owner). */
export type ReleaseDeps = { knex: Knex; storage: ObjectStorage; links?: DownloadLinks; storefront: StorefrontWrites };

/** How long a staff member's reference link plays (the file links' own lifetime is per settings; this is a page's). */
const REFERENCE_LINK_MS = 12 * 3_600_000;

/**
 * The order's release (null for an order of singles), each reference with a staff link that plays it
 * when `links` are given; 404 when there is no such order.
 */
export async function releaseOfOrder(knex: Knex, orderId: string, links?: DownloadLinks): Promise<ReleaseAnswer> {
  const [order, release] = await Promise.all([
    Order.query(knex).findById(orderId).select('id'),
    Release.ofOrder(knex, orderId),
  ]);
  if (!order) throw new NotFound('Order not found');
  if (!release) return { release: null };
  const shape = release.toApi();
  const until = new Date(Date.now() + REFERENCE_LINK_MS);
  const url = (id: string, path: string | null) =>
    links && path ? `/api/downloads/file/${links.sign({ reference: id }, until)}` : null;
  return { release: { ...shape, references: shape.references.map((r) => ({ ...r, url: url(r.id, r.filePath) })) } };
}

/**
 * Puts the release's tracks in the order of `fileIds` (every track once, else 400, nothing changes):
 * the storefront, which owns the release, checks and writes; the answer is the release as staff see it.
 */
export async function reorderRelease(
  deps: ReleaseDeps,
  orderId: string,
  fileIds: readonly string[],
  caller: Identity,
): Promise<ReleaseAnswer> {
  await deps.storefront.reorderRelease(caller, orderId, fileIds);
  return releaseOfOrder(deps.knex, orderId, deps.links);
}

/** The master's measures, from the store or measured now (and stored); null when it cannot be measured. */
async function measureOf(deps: ReleaseDeps, file: OrderFile): Promise<CoherenceMeasure | null> {
  const path = file.masteredFilePath;
  if (!path || file.audioDeletedAt) return null;
  const kept = await ReleaseMeasure.query(deps.knex).findById([file.id, path]);
  if (kept) return kept.measure;
  const key = objectKeyOfPath(path);
  const object = key ? await deps.storage.get(key) : null;
  if (!object) return null;
  const measure = await measureBalance({ stream: object.stream });
  await ReleaseMeasure.query(deps.knex)
    .insert({ fileId: file.id, masteredFilePath: path, measure })
    .onConflict(['file_id', 'mastered_file_path'])
    .merge();
  return measure;
}

/**
 * The coherence table of the order's release: each track's master beside the anchor's, flagged past the
 * Settings tolerance. Masters not measured yet are measured now, one at a time (the machine's cores are
 * shared with the analysis worker).
 */
export async function releaseCoherence(deps: ReleaseDeps, orderId: string): Promise<CoherenceTable> {
  const release = await Release.ofOrder(deps.knex, orderId);
  if (!release) throw new NotFound('This order is not a release.');
  const { coherenceToleranceLu } = await Setting.section(deps.knex, 'releases');
  const rows = [];
  for (const track of release.tracks ?? []) {
    rows.push({
      number: track.position,
      fileId: track.fileId,
      originalName: track.file?.originalName ?? '',
      anchor: track.isAnchor,
      measure: track.file ? await measureOf(deps, track.file) : null,
    });
  }
  return coherenceTable(rows, coherenceToleranceLu);
}
