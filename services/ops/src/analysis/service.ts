import type { Knex } from 'knex';
import { gainChangeDb, loudnessInPlainWords, truePeakTooHigh, type AudioFileAnalysis } from '@mastering/contracts';
import { FileAnalysis, OrderFile } from '@mastering/db';
import { NotFound } from '@mastering/service-kit';

/**
 * The latest analyses of many audio files at once, keyed by file id: each file's original and master
 * side by side, the gain the mastering added and whether the master's true peak is above -1 dBTP. A
 * side not analysed yet is null. The admin's audio-file answers attach it per file from here.
 */
export async function audioFileAnalyses(
  knex: Knex,
  fileIds: readonly string[],
): Promise<Map<string, AudioFileAnalysis>> {
  const latest =
    fileIds.length === 0
      ? []
      : await FileAnalysis.query(knex)
          .modify('latestPerFileAndRole')
          .whereIn('file_analyses.fileId', [...fileIds]);
  return new Map(
    fileIds.map((fileId) => {
      const original = latest.find((a) => a.fileId === fileId && a.role === 'original')?.toApi() ?? null;
      const master = latest.find((a) => a.fileId === fileId && a.role === 'master')?.toApi() ?? null;
      return [
        fileId,
        {
          fileId,
          original,
          master,
          gainChangeDb: gainChangeDb(original, master),
          masterTruePeakTooHigh: truePeakTooHigh(master?.truePeakDbtp),
        },
      ];
    }),
  );
}

/** One audio file's analysis (see audioFileAnalyses); 404 for an unknown file. */
export async function audioFileAnalysis(knex: Knex, fileId: string): Promise<AudioFileAnalysis> {
  if (!(await OrderFile.query(knex).findById(fileId))) throw new NotFound('Audio file not found');
  return (await audioFileAnalyses(knex, [fileId])).get(fileId)!;
}

/**
 * Each measured master's loudness in plain words for the customer ("Your master measures -9.1 LUFS:
 * it plays 4.9 dB quieter on Spotify..."), keyed by file id; masters not measured yet are absent.
 */
export async function masterLoudnessWords(knex: Knex, fileIds: readonly string[]): Promise<Map<string, string>> {
  const analyses = await audioFileAnalyses(knex, fileIds);
  const words = new Map<string, string>();
  for (const [fileId, { master }] of analyses) {
    if (master?.status === 'ok' && master.integratedLufs !== null)
      words.set(fileId, loudnessInPlainWords(master.integratedLufs));
  }
  return words;
}
