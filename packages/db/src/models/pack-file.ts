import type { PackFileStatus, PackFormat } from '@mastering/contracts';
import { BaseModel } from './base';

/**
 * One file of a master's release pack: the format rendered from one master version (unique together,
 * so a version is never rendered twice in a format), where it stands, its stored bytes and its measures.
 */
export class PackFile extends BaseModel {
  static tableName = 'pack_files';

  declare id: string;
  declare fileId: string;
  declare masterVersionId: string;
  declare format: PackFormat;
  declare status: PackFileStatus;
  /** Storage key of the rendered file, once ready. */
  declare objectKey: string | null;
  declare size: number | null;
  declare integratedLufs: number | null;
  declare truePeakDbtp: number | null;
  /** Why rendering failed, shown to the engineer. */
  declare error: string | null;
  declare createdAt: Date;
  declare updatedAt: Date;
}
