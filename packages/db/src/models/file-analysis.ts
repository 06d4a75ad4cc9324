import type { Modifiers, QueryBuilder, RelationMappings } from 'objection';
import type { Knex } from 'knex';
import type {
  AnalysisRole,
  AnalysisStatus,
  FileAnalysis as FileAnalysisShape,
  FileNeedingReplacement,
  StreamingPreview,
} from '@mastering/contracts';
import { BaseModel } from './base';
import { OrderFile } from './order-file';

/** The measured loudness, peaks, format and waveform of one order file's original or master. */
export class FileAnalysis extends BaseModel {
  static tableName = 'file_analyses';

  declare id: string;
  declare fileId: string;
  declare role: AnalysisRole;
  declare analyserVersion: string;
  declare status: AnalysisStatus;
  declare errorReason: string | null;
  declare integratedLufs: number | null;
  declare loudnessRangeLu: number | null;
  declare samplePeakDbfs: number | null;
  declare truePeakDbtp: number | null;
  declare durationSeconds: number | null;
  declare sampleRate: number | null;
  declare bitDepth: number | null;
  declare channels: number | null;
  declare codec: string | null;
  declare waveform: number[];
  /** A master's streaming preview (migration 091); null for originals and before it is measured. */
  declare streamingPreview: StreamingPreview | null;
  declare analysedAt: Date;

  declare file?: OrderFile;

  // jsonb: objection serialises the array on write and pg parses it on read.
  static get jsonAttributes() {
    return ['waveform', 'streamingPreview'];
  }

  /** The one API shape of an analysis: times as ISO strings. */
  toApi(): FileAnalysisShape {
    return {
      fileId: this.fileId,
      role: this.role,
      status: this.status,
      errorReason: this.errorReason ?? null,
      analyserVersion: this.analyserVersion,
      integratedLufs: this.integratedLufs ?? null,
      loudnessRangeLu: this.loudnessRangeLu ?? null,
      samplePeakDbfs: this.samplePeakDbfs ?? null,
      truePeakDbtp: this.truePeakDbtp ?? null,
      durationSeconds: this.durationSeconds ?? null,
      sampleRate: this.sampleRate ?? null,
      bitDepth: this.bitDepth ?? null,
      channels: this.channels ?? null,
      codec: this.codec ?? null,
      waveform: this.waveform ?? [],
      streamingPreview: this.streamingPreview ?? null,
      analysedAt: new Date(this.analysedAt).toISOString(),
    };
  }

  /**
   * The order's files whose original was flagged `error` by its latest analysis, with the reason: what
   * the order confirmation tells the customer to replace (see `replaceFileMessage` in the contracts).
   */
  static async filesNeedingReplacement(knex: Knex, orderId: string): Promise<FileNeedingReplacement[]> {
    const latest = await FileAnalysis.query(knex)
      .modify('latestPerFileAndRole')
      .where('file_analyses.role', 'original')
      .whereIn('file_analyses.fileId', OrderFile.query(knex).select('id').where('orderId', orderId))
      .withGraphFetched('file');
    return latest
      .filter((analysis) => analysis.status === 'error')
      .map((analysis) => ({
        fileId: analysis.fileId,
        originalName: analysis.file!.originalName,
        reason: analysis.errorReason!,
      }))
      .sort((a, b) => a.originalName.localeCompare(b.originalName));
  }

  static get relationMappings(): RelationMappings {
    return {
      file: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: OrderFile,
        join: { from: 'file_analyses.fileId', to: 'order_files.id' },
      },
    };
  }

  static get modifiers(): Modifiers<QueryBuilder<FileAnalysis>> {
    return {
      /** The newest analysis of each file and role (whatever analyser version made it). */
      latestPerFileAndRole: (builder) =>
        builder
          .distinctOn(['file_analyses.fileId', 'file_analyses.role'])
          .orderBy([
            { column: 'file_analyses.fileId' },
            { column: 'file_analyses.role' },
            { column: 'file_analyses.analysedAt', order: 'desc' },
          ]),
    };
  }
}
