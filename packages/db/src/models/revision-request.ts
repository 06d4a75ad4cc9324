import type { RevisionView } from '@mastering/contracts';
import { BaseModel } from './base';

/** A customer's request to change one track's master: its round, what should change and where. */
export class RevisionRequest extends BaseModel {
  static tableName = 'revision_requests';

  declare id: string;
  declare orderId: string;
  declare fileId: string;
  /** 1 for the track's first request, 2 for the next, ... */
  declare round: number;
  declare note: string;
  /** The time of the track the note is pinned to, in seconds; null when not pinned. */
  declare atSeconds: number | null;
  declare createdAt: Date;

  /** The one API shape of a revision request. */
  toApi(): RevisionView {
    return {
      id: this.id,
      round: this.round,
      note: this.note,
      atSeconds: this.atSeconds ?? null,
      createdAt: new Date(this.createdAt).toISOString(),
    };
  }
}
