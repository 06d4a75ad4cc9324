import path from 'node:path';
import type { Knex } from 'knex';
import { fileStemOf, releaseEntryName, trackTitleOf } from '@mastering/contracts';
import { Release } from '@mastering/db';
import type { ZipEntry } from '../downloads/zip';
import { cueSheet } from './cue-sheet';

/**
 * How an order's release shapes its zip (issue 55): its masters in running order, each named
 * `01 - Title.ext`, and a cue sheet with the gaps after them. Null for an order of singles.
 */
export async function releaseDeliverable(knex: Knex, orderId: string) {
  const stored = await Release.ofOrder(knex, orderId);
  if (!stored) return null;
  const release = stored.toApi();
  const stem = fileStemOf(`${release.artist} - ${release.title}`, 'Release');
  return {
    /** The order's files in running order. */
    files: <F extends { id: string }>(files: readonly F[]): F[] =>
      release.tracks.flatMap((t) => files.filter((f) => f.id === t.fileId)),
    /** The zip name of the track at `index` (0-based) whose master is saved as `filename`. */
    entryName: (index: number, filename: string) =>
      releaseEntryName(index + 1, release.tracks[index]?.originalName ?? '', path.extname(filename).slice(1) || 'wav'),
    /** The cue sheet entry for the zip's track files, in running order. */
    cueSheet: (fileNames: readonly string[]): ZipEntry => ({
      name: `${stem}.cue`,
      data: cueSheet(release, fileNames, (t) => trackTitleOf(t.originalName)),
    }),
    zipName: `${stem}.zip`,
  };
}
