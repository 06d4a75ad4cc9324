import type { Knex } from 'knex';
import { gainChangeDb, truePeakTooHigh, type AudioFileAnalysis } from '@mastering/contracts';
import { FileAnalysis, OrderFile } from '@mastering/db';
import { NotFound } from '@mastering/service-kit';

/**
 * The latest analysis of an audio file's original and master side by side, with the gain the
 * mastering added and whether the master's true peak is above -1 dBTP. 404 for an unknown file; a
 * side not analysed yet is null.
 */
export async function audioFileAnalysis(knex: Knex, fileId: string): Promise<AudioFileAnalysis> {
  const file = await OrderFile.query(knex).findById(fileId);
  if (!file) throw new NotFound('Audio file not found');
  const latest = await FileAnalysis.query(knex).modify('latestPerFileAndRole').where('file_analyses.fileId', fileId);
  const original = latest.find((a) => a.role === 'original')?.toApi() ?? null;
  const master = latest.find((a) => a.role === 'master')?.toApi() ?? null;
  return { fileId, original, master, gainChangeDb: gainChangeDb(original, master), masterTruePeakTooHigh: truePeakTooHigh(master?.truePeakDbtp) };
}
