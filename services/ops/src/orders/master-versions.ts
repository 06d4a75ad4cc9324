// Every master version of an order's files with its own loudness, for the order dialog (issue 25): the
// figures each version keeps (migration 027), or why there are none yet.
import type { Knex } from 'knex';
import type { MasterMeasurement, StaffMasterVersion } from '@mastering/contracts';
import { FileAnalysis, MasterVersion } from '@mastering/db';

/**
 * Whether a version without figures is still being measured. A file keeps one master analysis (each new
 * version's overwrites it), so only the newest version can still expect one: measuring until an analysis
 * newer than the version exists; after that (it failed), and for any earlier version, not measured.
 */
function measurementOf(version: MasterVersion, newest: boolean, analysedAt: Date | undefined): MasterMeasurement {
  if (version.integratedLufs != null) return 'measured';
  const analysedSince = analysedAt !== undefined && new Date(analysedAt) >= new Date(version.createdAt);
  return newest && !analysedSince ? 'measuring' : 'not_measured';
}

/** The master versions of `fileIds`, per file from v1 up, each with its loudness or its measurement state. */
export async function masterVersionsOf(knex: Knex, fileIds: readonly string[]): Promise<StaffMasterVersion[]> {
  if (fileIds.length === 0) return [];
  const [versions, analyses] = await Promise.all([
    MasterVersion.query(knex)
      .whereIn('fileId', fileIds)
      .orderBy([{ column: 'fileId' }, { column: 'version' }]),
    FileAnalysis.query(knex).modify('latestPerFileAndRole').where('role', 'master').whereIn('fileId', fileIds),
  ]);
  const analysedAt = new Map(analyses.map((a) => [a.fileId, a.analysedAt]));
  const newest = new Map(versions.map((v) => [v.fileId, v.version]));
  return versions.map((v) => ({
    fileId: v.fileId,
    version: v.version,
    createdAt: new Date(v.createdAt).toISOString(),
    integratedLufs: v.integratedLufs ?? null,
    truePeakDbtp: v.truePeakDbtp ?? null,
    measurement: measurementOf(v, newest.get(v.fileId) === v.version, analysedAt.get(v.fileId)),
  }));
}
